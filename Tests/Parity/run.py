#!/usr/bin/python3
"""The Chromium parity suite (issue 36): each scene under Tests/Parity/FAMILY/
is a collage document (SCENE.yaml) and the equivalent HTML/SVG/CSS page
(SCENE.html), the same size and content. The page is shot by headless
Chromium (one browser session for every scene), the document rendered by the
collage binary to PNG, and the two compared by PSNR over RGB.

Each family is held to Tests/Parity/thresholds.json (per mode: the median of
its scenes' PSNR at least `median` dB, every scene at least `min` dB); the
scenes of Tests/Parity/deviations.json (where Chromium departs from the
standard, with the reason and the standard's reference) are reported but not
held to the minimum. A failed scene writes a chromium | diff | collage strip.

Usage:
  Tests/Parity/run.py [--collage PATH] [--mode default|css|linear]
                      [--only FAMILY] [--out DIR] [--list] [--self-test]

--mode css|linear injects `compositing: MODE` into a copy of each scene's
canvas; `default` injects nothing (the renderer's default). Everything is
written under --out (a fresh temporary folder when not given, printed at the
end): results.md, results.json, failed/FAMILY-SCENE.png and work/ (the pages,
documents and both renders). Nothing is written into the source tree unless
--out names a folder there. Exit 0 when every family holds, 1 otherwise (or on
an error), 64 on a usage error.

Needs Debian's chromium, chromium-driver, python3-selenium, python3-numpy and
python3-pil (scripts/debian-packages). The pages fetch nothing outside their
own folder (file:// URLs only), so the suite runs without a network.
"""

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
MODES = ("default", "css", "linear")
# A diff strip amplifies each channel's absolute difference by this factor.
DIFF_GAIN = 8


# ---------------------------------------------------------------- scenes

def discover(root=HERE):
    """Every scene as (family, name, yaml path, html path), sorted; a scene
    missing its other half is an error."""
    scenes = []
    for family in sorted(os.listdir(root)):
        folder = os.path.join(root, family)
        if not os.path.isdir(folder) or family.startswith((".", "_")):
            continue
        names = {os.path.splitext(f)[0] for f in os.listdir(folder)
                 if f.endswith((".yaml", ".html"))}
        for name in sorted(names):
            yaml_path = os.path.join(folder, name + ".yaml")
            html_path = os.path.join(folder, name + ".html")
            for path in (yaml_path, html_path):
                if not os.path.isfile(path):
                    raise SystemExit(f"parity: {path} is missing (a scene is a .yaml and a .html)")
            scenes.append((family, name, yaml_path, html_path))
    return scenes


CANVAS_RE = re.compile(r"^canvas:\s*\{", re.M)
SIZE_RE = re.compile(r"^canvas:\s*\{[^}\n]*\bwidth:\s*(\d+)[^}\n]*\bheight:\s*(\d+)", re.M)


def scene_size(text, path):
    """(width, height) from the document's one-line `canvas: {width: W, height: H, ...}`."""
    m = SIZE_RE.search(text)
    if not m:
        raise SystemExit(f"{path}:1:1: error: a parity scene's canvas must be one line "
                         "'canvas: {width: W, height: H, ...}'")
    return int(m.group(1)), int(m.group(2))


def with_mode(text, mode, path):
    """The document text with `compositing: MODE` first in its canvas mapping
    (`default`: unchanged)."""
    if mode == "default":
        return text
    if not CANVAS_RE.search(text):
        raise SystemExit(f"{path}:1:1: error: no one-line 'canvas: {{...}}' to inject compositing into")
    if re.search(r"^canvas:.*\bcompositing:", text, re.M):
        raise SystemExit(f"{path}:1:1: error: a parity scene must not set compositing itself")
    return CANVAS_RE.sub(lambda m: m.group(0) + f"compositing: {mode}, ", text, count=1)


# ---------------------------------------------------------------- assets

def write_assets(folder):
    """The images the scenes draw, generated (never committed), smooth so that
    resampling differences stay small:
    parity.png 96x64 opaque ramps; parity-alpha.png the same with a
    transparent 4 px margin and an alpha ramp in its lower half;
    parity-backdrop.png 104x72 opaque, a backdrop for the blend modes;
    and the pages' shared stylesheet, parity.css."""
    shutil.copyfile(os.path.join(HERE, "parity.css"), os.path.join(folder, "parity.css"))
    def ramps(w, h):
        y, x = np.mgrid[0:h, 0:w].astype(np.float64)
        fx, fy = x / (w - 1), y / (h - 1)
        r = 255 * fx
        g = 255 * fy
        b = 255 * (0.5 + 0.5 * np.cos(2 * math.pi * (fx + fy) / 2))
        return np.stack([r, g, b], axis=-1)

    rgb = np.rint(ramps(96, 64)).astype(np.uint8)
    Image.fromarray(rgb, "RGB").save(os.path.join(folder, "parity.png"))

    h, w = 64, 96
    y, x = np.mgrid[0:h, 0:w]
    alpha = np.full((h, w), 255.0)
    lower = y >= h // 2
    alpha[lower] = 255 * (1 - (x[lower] - 4) / (w - 9))
    inside = (x >= 4) & (x < w - 4) & (y >= 4) & (y < h - 4)
    alpha = np.where(inside, np.clip(alpha, 0, 255), 0)
    rgba = np.dstack([rgb, np.rint(alpha).astype(np.uint8)])
    Image.fromarray(rgba, "RGBA").save(os.path.join(folder, "parity-alpha.png"))

    h, w = 72, 104
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    fx, fy = x / (w - 1), y / (h - 1)
    shade = 0.35 + 0.65 * fy
    back = np.stack([255 * fx * shade + 40 * (1 - fx),
                     (200 * fx + 60) * shade,
                     255 * (1 - fx) * shade], axis=-1)
    Image.fromarray(np.rint(np.clip(back, 0, 255)).astype(np.uint8), "RGB").save(
        os.path.join(folder, "parity-backdrop.png"))


# ---------------------------------------------------------------- images

def load_rgb(path, background=(255, 255, 255)):
    """An RGB float array of the image, flattened over `background` where it
    has alpha."""
    img = Image.open(path)
    img.load()
    if img.mode in ("RGBA", "LA", "P"):
        img = img.convert("RGBA")
        base = Image.new("RGBA", img.size, background + (255,))
        base.alpha_composite(img)
        img = base
    return np.asarray(img.convert("RGB"), dtype=np.float64)


def psnr(a, b):
    """PSNR over the RGB channels, dB (peak 255); inf when identical."""
    if a.shape != b.shape:
        raise ValueError(f"sizes differ: {a.shape[1]}x{a.shape[0]} and {b.shape[1]}x{b.shape[0]}")
    mse = float(np.mean((a - b) ** 2))
    return math.inf if mse == 0 else 10 * math.log10(255.0 ** 2 / mse)


def write_strip(chromium, collage, path):
    """chromium | diff (|a-b| x DIFF_GAIN) | collage, side by side with a 4 px gap."""
    h, w, _ = chromium.shape
    diff = np.clip(np.abs(chromium - collage) * DIFF_GAIN, 0, 255)
    strip = np.full((h, 3 * w + 8, 3), 128.0)
    strip[:, :w] = chromium
    strip[:, w + 4:2 * w + 4] = diff
    strip[:, 2 * w + 8:] = collage
    Image.fromarray(strip.astype(np.uint8), "RGB").save(path)


# ---------------------------------------------------------------- verdicts

def load_json(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return json.load(f)


def family_verdicts(rows, thresholds, mode):
    """Per family: median and minimum PSNR (the minimum over scenes that are
    not documented deviations), the thresholds of `mode`, and whether it holds.
    Marks each row's `pass`."""
    families = {}
    for row in rows:
        families.setdefault(row["family"], []).append(row)
    out = {}
    for family, members in sorted(families.items()):
        t = thresholds.get(family, {}).get(mode)
        if t is None:
            raise SystemExit(f"parity: thresholds.json has no '{mode}' entry for family '{family}'")
        values = [r["psnr"] for r in members]
        held = [r["psnr"] for r in members if not r["deviation"]]
        median = statistics.median(values)
        low = min(held) if held else math.inf
        for r in members:
            r["pass"] = r["deviation"] is not None or r["psnr"] >= t["min"]
        out[family] = {
            "scenes": len(members), "median": median, "min": low,
            "minAll": min(values), "threshold": t,
            "pass": median >= t["median"] and low >= t["min"],
        }
    return out


def fmt(db):
    return "inf" if math.isinf(db) else f"{db:.2f}"


def write_results(out, rows, families, meta):
    def clean(v):
        return None if isinstance(v, float) and math.isinf(v) else v
    doc = {
        "meta": meta,
        "families": {f: {k: clean(v) for k, v in d.items()} for f, d in families.items()},
        "scenes": [{k: clean(v) for k, v in r.items()} for r in rows],
    }
    with open(os.path.join(out, "results.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, sort_keys=True)
        f.write("\n")
    lines = [
        "# Chromium parity",
        "",
        f"Chromium {meta['chromiumVersion']}, collage `{meta['collage']}`, mode `{meta['mode']}`, "
        f"{meta['seconds']:.1f} s.",
        "",
        "| family | scenes | median dB | min dB (deviations excepted) | threshold median / min | result |",
        "|---|---|---|---|---|---|",
    ]
    for f, d in families.items():
        t = d["threshold"]
        lines.append(f"| {f} | {d['scenes']} | {fmt(d['median'])} | {fmt(d['min'])} | "
                     f"{t['median']} / {t['min']} | {'pass' if d['pass'] else 'FAIL'} |")
    lines += ["", "| scene | family | PSNR dB | result | note |", "|---|---|---|---|---|"]
    for r in rows:
        note = f"deviation: {r['deviation']} ({r['reference']})" if r["deviation"] else ""
        lines.append(f"| {r['scene']} | {r['family']} | {fmt(r['psnr'])} | "
                     f"{'pass' if r['pass'] else 'FAIL'} | {note} |")
    with open(os.path.join(out, "results.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


# ---------------------------------------------------------------- browser

class Browser:
    """One headless Chromium session (chromedriver through selenium) for every
    page: the viewport set exactly with CDP's Emulation.setDeviceMetricsOverride
    and each shot taken with Page.captureScreenshot."""

    def __init__(self, chromium="/usr/bin/chromium", driver="/usr/bin/chromedriver", log=None):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        opts = webdriver.ChromeOptions()
        opts.binary_location = chromium
        for arg in ("--headless=new", "--no-sandbox", "--force-color-profile=srgb",
                    "--force-device-scale-factor=1", "--hide-scrollbars",
                    "--disable-dev-shm-usage", "--disable-extensions", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-default-apps", "--disable-sync", "--mute-audio",
                    "--allow-file-access-from-files"):
            opts.add_argument(arg)
        service = Service(driver, log_path=log or os.devnull)
        self.driver = webdriver.Chrome(service=service, options=opts)
        self.driver.set_page_load_timeout(30)
        self.driver.set_script_timeout(30)
        self.version = self.driver.capabilities.get("browserVersion", "unknown")
        self.service = service

    def shoot(self, url, width, height, path):
        import base64
        d = self.driver
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        d.get(url)
        # Every image decoded, then two animation frames so it is painted; an
        # image that failed, or anything fetched from outside file://, is an error.
        problems = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "Promise.all([...document.images].map(i => i.decode().catch(() => null)))"
            ".then(() => requestAnimationFrame(() => requestAnimationFrame(() => done("
            "[...document.images].filter(i => !i.complete || i.naturalWidth === 0)"
            ".map(i => 'image not loaded: ' + i.src).concat("
            "performance.getEntriesByType('resource').map(r => r.name)"
            ".filter(n => !n.startsWith('file:')).map(n => 'fetched from outside: ' + n))))));")
        if problems:
            raise RuntimeError(f"{url}: " + "; ".join(problems))
        shot = d.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "fromSurface": True, "captureBeyondViewport": False})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        with Image.open(path) as img:
            if img.size != (width, height):
                raise RuntimeError(f"Chromium's screenshot is {img.size[0]}x{img.size[1]}, "
                                   f"not the scene's {width}x{height}")

    def close(self):
        try:
            self.driver.quit()
        finally:
            proc = getattr(self.service, "process", None)
            if proc is not None and proc.poll() is None:
                proc.kill()


# ---------------------------------------------------------------- run

def render(collage, doc, png):
    proc = subprocess.run([collage, "render", doc, "-o", png, "--format", "png"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"collage render failed (exit {proc.returncode}):\n"
                           + proc.stdout.decode("utf-8", "replace"))


def run_suite(args, scenes, out):
    thresholds = load_json("thresholds.json")
    deviations = {d["scene"]: d for d in load_json("deviations.json")["deviations"]}
    work = os.path.join(out, "work")
    os.makedirs(work, exist_ok=True)
    write_assets(work)
    start = time.monotonic()
    browser = Browser(log=os.path.join(out, "chromedriver.log"))
    rows = []
    try:
        for family, name, yaml_path, html_path in scenes:
            key = f"{family}/{name}"
            with open(yaml_path, encoding="utf-8") as f:
                text = f.read()
            width, height = scene_size(text, yaml_path)
            stem = f"{family}-{name}"
            doc = os.path.join(work, stem + ".yaml")
            page = os.path.join(work, stem + ".html")
            with open(doc, "w", encoding="utf-8") as f:
                f.write(with_mode(text, args.mode, yaml_path))
            shutil.copyfile(html_path, page)
            shot = os.path.join(work, stem + ".chromium.png")
            ours = os.path.join(work, stem + ".collage.png")
            render(args.collage, doc, ours)
            browser.shoot("file://" + page, width, height, shot)
            a, b = load_rgb(shot), load_rgb(ours)
            value = psnr(a, b)
            dev = deviations.get(key)
            rows.append({"scene": key, "family": family, "psnr": value,
                         "deviation": dev["reason"] if dev else None,
                         "reference": dev["reference"] if dev else None,
                         "chromium": shot, "collage": ours})
            print(f"  {key:<34} {fmt(value):>7} dB{'  (deviation)' if dev else ''}", flush=True)
    finally:
        browser.close()
    seconds = time.monotonic() - start
    families = family_verdicts(rows, thresholds, args.mode)
    failed_dir = os.path.join(out, "failed")
    for r in rows:
        fam = families[r["family"]]
        # A scene under the minimum, or under the median of a family that failed it.
        below_median = not fam["pass"] and r["psnr"] < fam["threshold"]["median"]
        if not r["pass"] or below_median:
            os.makedirs(failed_dir, exist_ok=True)
            r["strip"] = os.path.join(failed_dir, r["scene"].replace("/", "-") + ".png")
            write_strip(load_rgb(r["chromium"]), load_rgb(r["collage"]), r["strip"])
    meta = {"chromiumVersion": browser.version, "collage": args.collage, "mode": args.mode,
            "seconds": seconds, "scenes": len(rows)}
    write_results(out, rows, families, meta)
    print(f"Chromium {browser.version}, mode {args.mode}, {len(rows)} scenes in {seconds:.1f} s")
    for f, d in families.items():
        t = d["threshold"]
        print(f"  {f:<14} median {fmt(d['median']):>6} dB (>= {t['median']}), "
              f"min {fmt(d['min']):>6} dB (>= {t['min']})  {'pass' if d['pass'] else 'FAIL'}")
    ok = all(d["pass"] for d in families.values())
    print(f"parity: {'pass' if ok else 'FAIL'}; results in {out}/results.md"
          + ("" if ok else f", strips in {failed_dir}"))
    return 0 if ok else 1


def self_test(args, scenes, out):
    """The harness's own logic: PSNR's arithmetic, mode injection, a scene
    shot compared with itself (inf dB, a pass), the same shot moved by 2 px
    (well under any threshold: a failure with a strip), a listed deviation,
    and a page whose image does not load (an error)."""
    problems = []

    def check(cond, what):
        print(f"  {'ok  ' if cond else 'FAIL'} {what}")
        if not cond:
            problems.append(what)

    a = np.zeros((4, 4, 3))
    b = a + 1
    check(abs(psnr(a, b) - 20 * math.log10(255)) < 1e-9, "a difference of 1 everywhere is 48.13 dB")
    check(math.isinf(psnr(a, a.copy())), "identical arrays are inf dB")
    text = "version: 1\ncanvas: {width: 20, height: 10, background: white}\n"
    check("canvas: {compositing: css, width: 20" in with_mode(text, "css", "t"), "--mode css injects into canvas")
    check(with_mode(text, "default", "t") == text, "--mode default leaves the document alone")
    check(scene_size(text, "t") == (20, 10), "the scene's size is read from its canvas")

    work = os.path.join(out, "work")
    os.makedirs(work, exist_ok=True)
    write_assets(work)
    family, name, yaml_path, html_path = next(s for s in scenes if s[0] == "fills")
    with open(yaml_path, encoding="utf-8") as f:
        width, height = scene_size(f.read(), yaml_path)
    page = os.path.join(work, "self-test.html")
    shutil.copyfile(html_path, page)
    shot = os.path.join(work, "self-test.chromium.png")
    broken = os.path.join(work, "self-test-broken.html")
    with open(broken, "w", encoding="utf-8") as f:
        f.write('<!DOCTYPE html><img src="missing.png">\n')
    browser = Browser(log=os.path.join(out, "chromedriver.log"))
    try:
        browser.shoot("file://" + page, width, height, shot)
        try:
            browser.shoot("file://" + broken, 20, 10, os.path.join(work, "self-test-broken.png"))
            refused = False
        except RuntimeError as e:
            refused = "image not loaded" in str(e)
    finally:
        browser.close()
    check(refused, "a page whose image does not load is an error, not a shot")
    img = load_rgb(shot)
    check(img.shape == (height, width, 3), f"the shot is exactly {width}x{height}")
    rows = [{"scene": "fills/self", "family": "fills", "psnr": psnr(img, img.copy()), "deviation": None}]
    shifted = np.roll(img, 2, axis=1)
    rows.append({"scene": "fills/shifted", "family": "fills", "psnr": psnr(img, shifted), "deviation": None})
    fam = family_verdicts(rows, {"fills": {"t": {"median": 45, "min": 35}}}, "t")
    check(math.isinf(rows[0]["psnr"]) and rows[0]["pass"], "a scene compared with itself: inf dB, pass")
    check(rows[1]["psnr"] < 30 and not rows[1]["pass"], f"moved by 2 px: {fmt(rows[1]['psnr'])} dB, a failure")
    check(not fam["fills"]["pass"], "the family with a failed scene fails")
    dev_rows = [dict(rows[0]), dict(rows[1], deviation="listed")]
    fam = family_verdicts(dev_rows, {"fills": {"t": {"median": 0, "min": 35}}}, "t")
    check(fam["fills"]["pass"] and dev_rows[1]["pass"], "a listed deviation is not held to the minimum")
    strip = os.path.join(out, "self-test-strip.png")
    write_strip(img, shifted, strip)
    with Image.open(strip) as s:
        check(s.size == (3 * width + 8, height), "the strip is chromium | diff | collage")
    print(f"self-test: {'pass' if not problems else 'FAIL'} (Chromium {browser.version})")
    return 0 if not problems else 1


def main():
    p = argparse.ArgumentParser(description="Chromium parity suite (Tests/Parity).")
    p.add_argument("--collage", default=os.path.join(REPO, ".build/debug/collage"),
                   help="the collage binary (default: .build/debug/collage)")
    p.add_argument("--mode", default="default", choices=MODES,
                   help="css|linear inject canvas.compositing; default injects nothing")
    p.add_argument("--only", action="append", metavar="FAMILY", help="run only this family (repeatable)")
    p.add_argument("--out", help="results folder (default: a new temporary folder)")
    p.add_argument("--list", action="store_true", help="list the scenes and exit")
    p.add_argument("--self-test", action="store_true", help="check the harness itself and exit")
    try:
        args = p.parse_args()
    except SystemExit as e:
        sys.exit(64 if e.code else 0)
    scenes = discover()
    if args.only:
        known = {s[0] for s in scenes}
        for fam in args.only:
            if fam not in known:
                print(f"parity: unknown family '{fam}' (known: {', '.join(sorted(known))})", file=sys.stderr)
                sys.exit(64)
        scenes = [s for s in scenes if s[0] in args.only]
    if args.list:
        deviations = {d["scene"] for d in load_json("deviations.json")["deviations"]}
        for family, name, *_ in scenes:
            print(f"{family}/{name}" + ("  (deviation)" if f"{family}/{name}" in deviations else ""))
        return 0
    out = os.path.abspath(args.out) if args.out else tempfile.mkdtemp(prefix="collage-parity.")
    os.makedirs(out, exist_ok=True)
    if args.self_test:
        return self_test(args, scenes, out)
    if not os.access(args.collage, os.X_OK):
        print(f"parity: no collage binary at {args.collage} (build it first)", file=sys.stderr)
        return 1
    args.collage = os.path.abspath(args.collage)
    return run_suite(args, scenes, out)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (RuntimeError, ValueError, OSError, subprocess.SubprocessError) as e:
        print(f"parity: error: {e}", file=sys.stderr)
        sys.exit(1)
