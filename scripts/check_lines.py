"""The lines the scripts/check-*.py scripts print: `ok   NAME` or
`FAIL NAME DETAIL` per check, then `SCRIPT: N passed, N failed`, and the
exit status (1 on any failure). Python 3 standard library only."""
import sys

counts = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    """Prints and counts one check; returns whether it passed."""
    if condition:
        counts["passed"] += 1
        print(f"ok   {name}")
    else:
        counts["failed"] += 1
        print(f"FAIL {name} {detail}")
    sys.stdout.flush()
    return bool(condition)


def finish(script):
    """Prints the summary line of `script` and exits: 1 on any failure."""
    print(f"{script}: {counts['passed']} passed, {counts['failed']} failed")
    raise SystemExit(1 if counts["failed"] else 0)
