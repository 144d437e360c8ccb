#!/usr/bin/env python3
"""Benchmarks/ab.py --base BIN --new BIN [--rounds N] [--jobs reference,batch,text-poster]

A smaller harness than Benchmarks/run for one change: two `collage` release
binaries (the parent commit's and the change's) run the same jobs in
alternating rounds (base, new, base, new, ...) after one warm-up each, and the
median wall times are compared. Python's standard library only; needs the
corpus at ../shared/corpus.

Jobs:
- reference: the reference job of Benchmarks/harness.py (the nine benchmark
  photos, 3x3 on 2048x2048, a 96 px white caption with a 4 px black stroke,
  JPEG q90).
- batch: examples/batch/card.yaml over 200 rows with `--jobs <cores>`, the
  six example photos replaced by six of the nine corpus photos (so it runs
  without scripts/fetch-example-photos).
- text-poster (issue 33): a 2048x2048 poster of 40 captions and no photos,
  8 of them rotated, some stroked, some with shadows, two with CJK, on a
  gradient; PNG.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus"))
NINE = ["photo_Issue_525.jpg", "photo_Canon_PowerShot_G11.jpg", "photo_Issue_266.jpg", "photo_Apple_iPhone_5.jpg",
        "photo_Kodak_PIXPRO_SP360.jpg", "photo_Oppo_R7_Plus.jpg", "photo_Canon_EOS_5D.jpg",
        "photo_Blackberry_Z10.jpg", "photo_Canon_EOS_1000D.jpg"]


def corpus_photo(name):
    for folder, _, files in os.walk(CORPUS):
        if name in files:
            return os.path.join(folder, name)
    sys.exit("ab.py: %s is not in the corpus at %s" % (name, CORPUS))


def reference_job(work):
    lines = ["version: 1", 'canvas: {width: 2048, height: 2048, background: "#ffffff"}', "output: {quality: 90}",
             "photos:"] + ["  - %s" % corpus_photo(p) for p in NINE] + [
        "layout: {kind: auto, gap: 8, padding: 8}", "overlays:", '  - text: "Summer 2026"',
        '    font: {family: "DejaVu Sans", size: 96}', '    color: "#ffffff"',
        '    stroke: {width: 4, color: "#000000"}', "    anchor: bottom", "    offset: [0, -40]"]
    path = os.path.join(work, "reference.yaml")
    open(path, "w").write("\n".join(lines) + "\n")
    return lambda binary, tag: [binary, "render", path, "-o", os.path.join(work, "reference-%s.jpg" % tag)]


def text_poster_job(work):
    lines = ["version: 1",
             'canvas: {width: 2048, height: 2048, background: {gradient: {angle: 135, stops: ["#1d3557", "#e63946"]}}}',
             "overlays:"]
    words = ["Summer in the mountains", "Picos de Europa at dawn", "Harbour lights", "A long walk home",
             "Wine country, late September", "Snow on the pass"]
    for i in range(40):
        column, row = i % 4, i // 4
        text = words[i % len(words)] + " %d" % (i + 1)
        if i in (13, 27):
            text = "夏休みの思い出 %d" % (i + 1)
        size = 30 + (i * 7) % 34
        item = ["  - text: %s" % json_string(text),
                "    font: {family: %s, size: %d%s}" % ('"Noto Sans CJK JP"' if i in (13, 27) else '"DejaVu Sans"', size,
                                                      ", weight: 700" if i % 3 == 0 else ""),
                '    color: "#ffffff"', "    anchor: topLeft",
                "    offset: [%d, %d]" % (40 + column * 500, 40 + row * 198)]
        if i % 3 == 0:
            item.append('    stroke: {width: 3, color: "#000000"}')
        if i % 4 == 1:
            item.append('    shadow: {offset: [4, 4], blur: 6, color: "#00000099"}')
        if i % 5 == 2:
            item.append("    rotation: %d" % (-30 + 10 * (i // 5)))
        lines += item
    path = os.path.join(work, "text-poster.yaml")
    open(path, "w").write("\n".join(lines) + "\n")
    return lambda binary, tag: [binary, "render", path, "-o", os.path.join(work, "text-poster-%s.png" % tag)]


def json_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def batch_job(work):
    folder = os.path.join(work, "batch")
    os.makedirs(folder, exist_ok=True)
    places = list(csv.DictReader(open(os.path.join(ROOT, "examples/batch/places.csv"), newline="")))
    photos = sorted(set(p["photo"] for p in places))
    stand_in = {name: corpus_photo(NINE[k]) for k, name in enumerate(photos)}
    template = open(os.path.join(ROOT, "examples/batch/card.yaml")).read().replace('"../photos/${photo}"', '"${photo}"')
    open(os.path.join(folder, "card.yaml"), "w").write(template)
    with open(os.path.join(folder, "rows.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(places[0].keys()))
        writer.writeheader()
        for i in range(200):
            place = dict(places[i % len(places)])
            place["id"] = "r%d" % (i + 1)
            place["photo"] = stand_in[place["photo"]]
            writer.writerow(place)
    cores = str(os.cpu_count() or 2)
    return lambda binary, tag: [binary, "batch", os.path.join(folder, "card.yaml"), "--data",
                                os.path.join(folder, "rows.csv"), "-o", os.path.join(folder, tag, "${id}.jpg"),
                                "--jobs", cores]


def timed(argv):
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--jobs", default="reference,batch,text-poster")
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "bench-ab"))
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    makers = {"reference": reference_job, "batch": batch_job, "text-poster": text_poster_job}
    load = open("/proc/loadavg").read().split()[:3]
    print("load average before: %s" % " ".join(load))
    for name in args.jobs.split(","):
        command = makers[name](args.work)
        binaries = {"base": args.base, "new": args.new}
        for tag, binary in binaries.items():
            timed(command(binary, tag))  # warm-up: page cache, font caches
        times = {tag: [] for tag in binaries}
        for _ in range(args.rounds):
            for tag, binary in binaries.items():
                times[tag].append(timed(command(binary, tag)))
        base, new = statistics.median(times["base"]), statistics.median(times["new"])
        spread = {t: (min(v), max(v)) for t, v in times.items()}
        print("%-12s base median %.3f s (%.3f-%.3f)  new median %.3f s (%.3f-%.3f)  new/base %.3f" % (
            name, base, spread["base"][0], spread["base"][1], new, spread["new"][0], spread["new"][1], new / base),
            flush=True)
    print("load average after: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))


if __name__ == "__main__":
    main()
