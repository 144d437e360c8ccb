"""Issue 42's serve benchmark: the batch card (examples/batch/card.yaml,
1200x630 JPEG: a photo, a band, a title) served by `collage serve` and by
the Pillow peer (peers/pillow_serve.py under gunicorn, one worker per core,
each keeping its decoded photo), under wrk with 16 connections for 30 s,
the title different on every request (the result cache misses; the photo
may be reused by both). Then, for collage alone: the same URL again and
again (result-cache hits), the same URL with its ETag in If-None-Match (304s:
within --stat-valid, then with --stat-valid 0, the cost of checking the
stamp: a stat of the template and of each input, nothing rendered), each
with the server's CPU time per request, and a soak of varying titles (5 minutes) with its
RSS sampled every second.

    python3 Benchmarks/serve_bench.py [--seconds 30] [--soak 300] [--collage PATH] [--out FILE]

Targets (issue 42): throughput >= 2x the peer's, p99 <= 0.5x the peer's,
cache hits >= 15 000 requests/s, the soak's last-minute peak RSS within 10%
of its first minute's. Writes the table to Benchmarks/results/<date>-<machine>-serve.md.
"""
import argparse
import datetime
import json
import os
import platform
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build/bench-serve")
CORES = os.cpu_count() or 1
PHOTO = "aitzgorri_by_Aitzol_Berasategi.jpg"
QUERY = f"photo={PHOTO}&font=DejaVu+Sans&row=1&"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(port, path="/healthz"):
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2).read()
            return
        except Exception:
            time.sleep(0.1)
    raise SystemExit(f"serve_bench: nothing answers on port {port}")


def wrk(port, mode, path, seconds, headers=()):
    command = ["wrk", "-t2", "-c16", f"-d{seconds}s", "-s", os.path.join(ROOT, "Benchmarks/serve_wrk.lua")]
    for header in headers:
        command += ["-H", header]
    command += [f"http://127.0.0.1:{port}{path}", "--", path, mode]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return json.loads([line for line in out.splitlines() if line.startswith("{")][-1])


def cpu_ticks(pid):
    """The process's user + system CPU time so far, in clock ticks (/proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def measured(pid, run):
    """wrk's result of `run()` with the server's CPU microseconds per request added (cpu_us)."""
    before = cpu_ticks(pid)
    result = run()
    ticks = cpu_ticks(pid) - before
    result["cpu_us"] = ticks * 1e6 / os.sysconf("SC_CLK_TCK") / max(result["requests"], 1)
    return result


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--soak", type=int, default=300)
    parser.add_argument("--collage", default=os.path.join(ROOT, ".build/release/collage"))
    parser.add_argument("--out")
    args = parser.parse_args()
    photo = os.path.join(ROOT, "examples/photos", PHOTO)
    if not os.path.exists(photo):
        raise SystemExit("serve_bench: no example photos; run scripts/fetch-example-photos")
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "root/batch"))
    os.makedirs(os.path.join(WORK, "root/photos"))
    shutil.copy(os.path.join(ROOT, "examples/batch/card.yaml"), os.path.join(WORK, "root/batch/card.yaml"))
    shutil.copy(photo, os.path.join(WORK, "root/photos", PHOTO))
    font = subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans"], capture_output=True, text=True).stdout
    load_before = os.getloadavg()
    rows = []

    # collage serve
    port = free_port()
    server = subprocess.Popen([args.collage, "serve", "--root", os.path.join(WORK, "root"), "--listen", f"127.0.0.1:{port}",
                               "--jobs", str(CORES), "--queue", "256", "--log", "off"], stderr=subprocess.DEVNULL)
    try:
        wait_ready(port)
        path = "/batch/card.jpg?" + QUERY
        urllib.request.urlopen(f"http://127.0.0.1:{port}{path}title=warm", timeout=30).read()
        collage = measured(server.pid, lambda: wrk(port, "vary", path, args.seconds))
        hit_path = path + "title=Cached"
        response = urllib.request.urlopen(f"http://127.0.0.1:{port}{hit_path}", timeout=30)
        tag = response.headers["ETag"]
        response.read()
        hits = measured(server.pid, lambda: wrk(port, "fixed", hit_path, args.seconds))
        checks = measured(server.pid, lambda: wrk(port, "fixed", hit_path, args.seconds, headers=[f"If-None-Match: {tag}"]))
        soak = {"first": 0, "last": 0}
        if args.soak:
            samples = []
            stop = threading.Event()

            def sample():
                start = time.time()
                while not stop.is_set():
                    samples.append((time.time() - start, rss_kib(server.pid)))
                    time.sleep(1)
            sampler = threading.Thread(target=sample)
            sampler.start()
            soak_run = wrk(port, "vary", path, args.soak)
            stop.set()
            sampler.join()
            soak = {"first": max(r for t, r in samples if t < 60), "last": max(r for t, r in samples if t >= args.soak - 60),
                    "rps": soak_run["rps"]}
    finally:
        server.terminate()
        server.wait(30)

    # the stamp checked on every request (--stat-valid 0): 304s that stat the template and each input
    port = free_port()
    server = subprocess.Popen([args.collage, "serve", "--root", os.path.join(WORK, "root"), "--listen", f"127.0.0.1:{port}",
                               "--jobs", str(CORES), "--log", "off", "--stat-valid", "0"], stderr=subprocess.DEVNULL)
    try:
        wait_ready(port)
        urllib.request.urlopen(f"http://127.0.0.1:{port}{hit_path}", timeout=30).read()
        stats = measured(server.pid, lambda: wrk(port, "fixed", hit_path, max(5, args.seconds // 3),
                                                 headers=[f"If-None-Match: {tag}"]))
    finally:
        server.terminate()
        server.wait(30)

    # the Pillow peer under gunicorn, one worker per core
    port = free_port()
    env = dict(os.environ, PEER_PHOTO=os.path.join(WORK, "root/photos", PHOTO), PEER_FONT=font)
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    peer_server = subprocess.Popen([gunicorn, "-w", str(CORES), "-b", f"127.0.0.1:{port}", "--chdir",
                                    os.path.join(ROOT, "Benchmarks/peers"), "--log-level", "warning", "pillow_serve:app"],
                                   env=env, stderr=subprocess.DEVNULL)
    try:
        wait_ready(port, "/card.jpg?title=warm")
        for _ in range(2 * CORES):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/card.jpg?title=warm", timeout=30).read()
        peer = wrk(port, "vary", "/card.jpg?", args.seconds)
    finally:
        peer_server.terminate()
        peer_server.wait(30)

    throughput = collage["rps"] / peer["rps"]
    p99 = collage["p99_ms"] / peer["p99_ms"]
    growth = soak["last"] / soak["first"] - 1 if soak["first"] else float("nan")
    lines = [
        f"# serve benchmark, {datetime.date.today()} on {platform.node()} ({CORES} cores)",
        "",
        f"wrk -t2 -c16 -d{args.seconds}s; load average before {load_before[0]:.2f}, after {os.getloadavg()[0]:.2f}",
        "",
        "| run | requests/s | p50 ms | p99 ms | errors | server CPU per request |",
        "|---|---|---|---|---|---|",
        f"| collage serve, a new title each request | {collage['rps']:.1f} | {collage['p50_ms']:.1f} | {collage['p99_ms']:.1f} | {collage['errors']} | {collage['cpu_us'] / 1000:.2f} ms |",
        f"| Pillow + gunicorn ({CORES} workers), same | {peer['rps']:.1f} | {peer['p50_ms']:.1f} | {peer['p99_ms']:.1f} | {peer['errors']} | |",
        f"| collage serve, result-cache hits | {hits['rps']:.0f} | {hits['p50_ms']:.2f} | {hits['p99_ms']:.2f} | {hits['errors']} | {hits['cpu_us']:.1f} us |",
        f"| collage serve, If-None-Match -> 304 (stamp kept, --stat-valid 1) | {checks['rps']:.0f} | {checks['p50_ms']:.2f} | {checks['p99_ms']:.2f} | {checks['errors']} | {checks['cpu_us']:.1f} us |",
        f"| collage serve, If-None-Match -> 304 (stamp checked, --stat-valid 0) | {stats['rps']:.0f} | {stats['p50_ms']:.2f} | {stats['p99_ms']:.2f} | {stats['errors']} | {stats['cpu_us']:.1f} us |",
        "",
        "| target | measured | met |",
        "|---|---|---|",
        f"| throughput >= 2x the peer | {throughput:.2f}x | {'yes' if throughput >= 2 else 'no'} |",
        f"| p99 <= 0.5x the peer | {p99:.2f}x | {'yes' if p99 <= 0.5 else 'no'} |",
        f"| cache hits >= 15000 requests/s | {hits['rps']:.0f} | {'yes' if hits['rps'] >= 15000 else 'no'} |",
    ]
    if args.soak:
        lines.append(f"| soak {args.soak} s: last minute's peak RSS within 10% of the first's | "
                     f"{soak['first'] / 1024:.0f} -> {soak['last'] / 1024:.0f} MiB ({growth * 100:+.1f}%) | "
                     f"{'yes' if abs(growth) <= 0.10 else 'no'} |")
    lines += ["", f"Server CPU (user + system, /proc) per request: a 304 whose stamp is checked (a stat of the template "
              f"and of each input, the kept stamp: StampMemo) {stats['cpu_us']:.1f} us, one within --stat-valid "
              f"{checks['cpu_us']:.1f} us, a result-cache hit {hits['cpu_us']:.1f} us (most of it the kernel's copy of the "
              "answer into the socket)."]
    text = "\n".join(lines) + "\n"
    print(text)
    out = args.out or os.path.join(ROOT, "Benchmarks/results", f"{datetime.date.today()}-{platform.node()}-serve.md")
    with open(out, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
