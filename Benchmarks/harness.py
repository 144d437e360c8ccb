"""Benchmark harness for issues 7, 17 and 32: collage against libvips, ImageMagick
and Pillow on the reference job (with a float64 quality reference) and its
variants, on posters up to the canvas limit (the nine photos repeated, and 81
distinct files), and on the iPhone's HEIC. Run through `Benchmarks/run`
(which installs the peers and builds collage); see the README section
"Benchmarks".

    python3 Benchmarks/harness.py [--quick] [--runs N] [--poster-runs N] [--only SECTIONS] [--out FILE]

Sections (all by default; `--quick` leaves out the scaling curve): reference
(the reference job, its quality, floor and targets), png, rotated,
progressive (with its djpeg floor), posters (issue 17's 7200x10800 and
16384x16384 81-photo posters, each also from 81 distinct files), heic
(issue 32: the corpus's 12 MP iPhone HEIC converted to JPEG, and a 3x3
collage of the iPhone HEICs), scaling (the scaling curve, 1 to 256 photos).
pdf (issue 44: a 12-page photo book with captions to PDF against Typst).
The results file ends with a "Targets" section: one line per target of
issues 17 and 32, measured value and met / not met (targets of sections not
run say so).
"""
import argparse
import datetime
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from PIL import Image, ImageOps

try:   # HEIC sizes for the heic section's jobs (Benchmarks/run installs pillow-heif)
    import pillow_heif
    pillow_heif.register_heif_opener()
except ImportError:
    pass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Benchmarks")
CORPUS = os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus"))
WORK = os.path.join(BENCH, "work")
COLLAGE = os.path.join(ROOT, ".build", "release", "collage")
PYTHON = os.environ.get("BENCH_PYTHON", sys.executable)
FONT_FILE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

# The nine benchmark photos of ../shared/corpus/MANIFEST.md ("3x3 collage benchmark set").
NINE = ["photo_Issue_525.jpg", "photo_Canon_PowerShot_G11.jpg", "photo_Issue_266.jpg", "photo_Apple_iPhone_5.jpg",
        "photo_Kodak_PIXPRO_SP360.jpg", "photo_Oppo_R7_Plus.jpg", "photo_Canon_EOS_5D.jpg",
        "photo_Blackberry_Z10.jpg", "photo_Canon_EOS_1000D.jpg"]
CAPTION = {"text": "Summer 2026", "size": 96, "stroke": 4, "bottom": 40, "fontFile": FONT_FILE}


# --- layout (docs/format.md "Layout rules": snapping, cover windows) -----------------------------

def split(total, parts):
    """Equal weights: floor shares, leftovers one each to the last parts (the rightmost ties)."""
    base = [total // parts] * parts
    for k in range(total - base[0] * parts):
        base[parts - 1 - k] += 1
    return base


def grid_cells(n, columns, width, height, gap=8, padding=8):
    rows = math.ceil(n / columns)
    ws = split(width - 2 * padding - (columns - 1) * gap, columns)
    hs = split(height - 2 * padding - (rows - 1) * gap, rows)
    cells = []
    for i in range(n):
        r, c = divmod(i, columns)
        cells.append((padding + sum(ws[:c]) + c * gap, padding + sum(hs[:r]) + r * gap, ws[c], hs[r]))
    return cells


def auto_cells(n, width, height, gap=8, padding=8):
    """collage's `auto` layout for n <= 9: columns filled top to bottom, left to right."""
    c = 1 if n == 1 else (2 if n <= 6 else 3)
    counts = [n // c] * c
    for k in range(n % c):
        counts[c - 1 - k] += 1
    ws = split(width - 2 * padding - (c - 1) * gap, c)
    cells = []
    for col in range(c):
        hs = split(height - 2 * padding - (counts[col] - 1) * gap, counts[col])
        for r in range(counts[col]):
            cells.append((padding + sum(ws[:col]) + col * gap, padding + sum(hs[:r]) + r * gap, ws[col], hs[r]))
    return cells


def cover_window(ow, oh, cw, ch):
    """FitGeometry.coverCrop with focus (0.5, 0.5): fractional, never rounded."""
    if cw * oh >= ch * ow:
        w, h = float(ow), ch * ow / cw
    else:
        w, h = cw * oh / ch, float(oh)
    return ((ow - w) / 2, (oh - h) / 2, w, h)


def oriented_size(path):
    with Image.open(path) as im:
        o = im.getexif().get(0x0112, 1)
        return (im.height, im.width) if o in (5, 6, 7, 8) else im.size


# --- float64 reference (mirrors ResampleWeights: Lanczos-3, +0.5 centres, reflect-101) ----------

def lanczos(x):
    x = np.asarray(x, dtype=np.float64)
    out = np.sinc(x) * np.sinc(x / 3)
    out[(x < -3) | (x >= 3)] = 0
    return out


def reflect(i, size):
    if size == 1:
        return np.zeros_like(i)
    period = 2 * (size - 1)
    m = np.mod(i, period)
    return np.where(m < size, m, period - m)


def weight_matrix(in_size, start, length, out_size):
    """Dense (out_size x in_size) matrix of normalised taps, reflected taps folded in."""
    scale = length / out_size
    fscale = max(scale, 1.0)
    support = 3 * fscale
    m = np.zeros((out_size, in_size))
    for o in range(out_size):
        c = start + (o + 0.5) * scale
        lo, hi = math.floor(c - support + 0.5), math.floor(c + support + 0.5)
        taps = np.arange(lo, hi)
        w = lanczos((taps - c + 0.5) / fscale)
        np.add.at(m[o], reflect(taps, in_size), w / w.sum())
    return m


LINEAR = np.array([(v / 255) / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4
                   for v in range(256)])


def encode_srgb(lin):
    lin = np.clip(lin, 0, 1)
    return np.where(lin <= 0.0031308, lin * 12.92, 1.055 * np.power(lin, 1 / 2.4) - 0.055) * 255


def layout_windows(doc):
    """Cells and crop windows as `collage layout --json` reports them."""
    out = subprocess.run([COLLAGE, "layout", doc, "--json"], capture_output=True, text=True, check=True).stdout
    photos = json.loads(out)["photos"]
    cells = [tuple(p["destination"][k] for k in ("x", "y", "width", "height")) for p in photos]
    windows = [tuple(float(p["crop"][k]) for k in ("x", "y", "width", "height")) for p in photos]
    return cells, windows


def reference_cell(path, cell, window):
    """The cell resampled from the FULLY decoded photo (Pillow, EXIF applied) over the
    fractional crop `window` (oriented pixels), sRGB floats 0...255."""
    with Image.open(path) as im:
        im = ImageOps.exif_transpose(im.convert("RGB"))
        pixels = np.asarray(im)
    h, w = pixels.shape[:2]
    x0, y0, ww, wh = window
    mx = weight_matrix(w, x0, ww, cell[2])
    my = weight_matrix(h, y0, wh, cell[3])
    cols = np.nonzero(mx.any(axis=0))[0]
    rows = np.nonzero(my.any(axis=0))[0]
    c0, c1, r0, r1 = cols[0], cols[-1] + 1, rows[0], rows[-1] + 1
    out = np.empty((cell[3], cell[2], 3))
    for ch in range(3):
        lin = LINEAR[pixels[r0:r1, c0:c1, ch]]
        out[:, :, ch] = my[:, r0:r1] @ (lin @ mx[:, c0:c1].T)
    return encode_srgb(out)


def reference(photos, cells, windows):
    """Cached per (photo, cell, window) under Benchmarks/work/reference."""
    folder = os.path.join(WORK, "reference")
    os.makedirs(folder, exist_ok=True)
    result = []
    for path, cell, window in zip(photos, cells, windows):
        key = os.path.join(folder, "%s-%dx%d-%s.npy" % (os.path.basename(path), cell[2], cell[3],
                                                        "-".join("%.6f" % v for v in window)))
        if not os.path.exists(key):
            np.save(key, reference_cell(path, cell, window).astype(np.float64))
        result.append(np.load(key))
    return result


def psnr(output, cells, refs):
    img = np.asarray(Image.open(output).convert("RGB"), dtype=np.float64)
    se, n = 0.0, 0
    for (x, y, w, h), ref in zip(cells, refs):
        d = img[y:y + h, x:x + w] - ref
        se += float((d * d).sum())
        n += d.size
    mse = se / n
    return float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)


# --- jobs ------------------------------------------------------------------------------------

class Job:
    def __init__(self, name, photos, canvas, cells, columns, fmt, caption, folder, rotation=0, to_srgb=False, focus=None):
        self.name, self.photos, self.canvas, self.cells = name, photos, canvas, cells
        # `layout.focus` (collage only): "auto" or "faces" (issue 40); None = the fixed centre.
        self.focus = focus
        self.columns, self.format, self.caption, self.folder = columns, fmt, caption, folder
        # The peers convert each photo's ICC profile to sRGB, as collage always does (the HEIC jobs).
        self.to_srgb = to_srgb
        # Degrees every print is turned by (collage only: the peers have no tilted prints).
        self.rotation = rotation

    def output(self, tool):
        return os.path.join(self.folder, "%s-%s.%s" % (self.name, tool, "png" if self.format == "png" else "jpg"))

    def json_for(self, tool):
        sizes = []
        for p in self.photos:
            with Image.open(p) as im:
                sizes.append(im.width * im.height)
        path = os.path.join(self.folder, "%s-%s.json" % (self.name, tool))
        with open(path, "w") as f:
            json.dump({"photos": self.photos, "canvas": self.canvas, "cells": self.cells, "columns": self.columns,
                       "gap": 8, "padding": 8, "format": self.format, "output": self.output(tool), "sizes": sizes,
                       "caption": CAPTION if self.caption else None, "toSRGB": self.to_srgb}, f)
        return path

    def yaml(self):
        path = os.path.join(self.folder, self.name + ".yaml")
        n = len(self.photos)
        layout = "{kind: auto, gap: 8, padding: 8}" if n <= 9 and self.columns == auto_columns(n) \
            else "{kind: grid, columns: %d, gap: 8, padding: 8}" % self.columns
        lines = ["version: 1", "canvas: {width: %d, height: %d, background: \"#ffffff\"}" % tuple(self.canvas),
                 "output: {quality: 90}", "photos:"] + \
                [("  - {src: %s, rotation: %g}" % (json.dumps(p), self.rotation)) if self.rotation else
                 "  - %s" % json.dumps(p) for p in self.photos] + \
                ["layout: %s" % layout]
        if self.focus:
            lines[-1] = lines[-1][:-1] + ", focus: %s}" % self.focus
        if self.caption:
            lines += ["overlays:", "  - text: %s" % json.dumps(CAPTION["text"]),
                      "    font: {family: \"DejaVu Sans\", size: %d}" % CAPTION["size"],
                      "    color: \"#ffffff\"", "    stroke: {width: %d, color: \"#000000\"}" % CAPTION["stroke"],
                      "    anchor: bottom", "    offset: [0, -%d]" % CAPTION["bottom"]]
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return path

    def commands(self):
        """tool name -> argv, every tool writing self.output(tool)."""
        doc = self.yaml()
        cmds = {
            "collage": [COLLAGE, "render", doc, "-o", self.output("collage")],
            "collage --fast": [COLLAGE, "render", doc, "-o", self.output("collage-fast"), "--fast"],
            "libvips": [PYTHON, os.path.join(BENCH, "peers", "vips_collage.py"), self.json_for("vips")],
            "Pillow": [PYTHON, os.path.join(BENCH, "peers", "pillow_collage.py"), self.json_for("pillow")],
            "ImageMagick": self.magick(),
        }
        return cmds

    def magick(self):
        argv = ["convert", "-size", "%dx%d" % tuple(self.canvas), "xc:white"]
        for path, (x, y, w, h) in zip(self.photos, self.cells):
            with Image.open(path) as im:
                swap = im.getexif().get(0x0112, 1) in (5, 6, 7, 8)
                sw, sh = im.size
            ow, oh = (sh, sw) if swap else (sw, sh)
            s = max(w / ow, h / oh)
            need = (math.ceil(ow * s * 2), math.ceil(oh * s * 2))   # ImageMagick's advice: twice the final size
            hint = (need[1], need[0]) if swap else need
            argv += ["(", "-define", "jpeg:size=%dx%d" % hint, path, "-auto-orient", "-resize", "%dx%d^" % (w, h),
                     "-gravity", "center", "-extent", "%dx%d" % (w, h), ")",
                     "-gravity", "northwest", "-geometry", "+%d+%d" % (x, y), "-composite"]
        if self.caption:
            # An outside stroke: the text stroked at twice the width (ImageMagick strokes
            # centred on the outline), then the fill drawn again over it.
            at = ["-gravity", "south", "-annotate", "+0+%d" % CAPTION["bottom"], CAPTION["text"]]
            argv += ["-font", FONT_FILE, "-pointsize", str(CAPTION["size"]), "-fill", "white",
                     "-stroke", "black", "-strokewidth", str(2 * CAPTION["stroke"])] + at + ["-stroke", "none"] + at
        if self.format == "png":
            argv += ["-depth", "8", "-define", "png:compression-level=6", "-define", "png:compression-filter=5",
                     "PNG24:" + self.output("ImageMagick")]
        else:
            argv += ["-quality", "90", "-sampling-factor", "2x2,1x1,1x1", self.output("ImageMagick")]
        return argv


def auto_columns(n):
    return 1 if n == 1 else (2 if n <= 6 else 3)


# --- measuring -------------------------------------------------------------------------------

def measure(argv):
    """Wall seconds, CPU seconds (user + system, children included), peak RSS in MiB.

    GNU time forks the tool from its own small process: a child forked
    from this (large) Python process would report Python's resident size as
    its peak, since Linux keeps the peak across exec."""
    report = os.path.join(WORK, "time-%d.txt" % os.getpid())
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", report] + argv,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (argv[0], proc.returncode, proc.stderr.decode(errors="replace")[-2000:]))
    user, system, rss = open(report).read().split()[-3:]
    return wall, float(user) + float(system), int(rss) / 1024


def run_alternating(commands, runs, warm=True):
    """Every tool once per round, rounds repeated: drift hits all tools alike.
    `warm`: one untimed round first (the page cache and the fontconfig cache);
    the long poster jobs skip it and read their photos once instead (`warm_files`)."""
    samples = {name: [] for name in commands}
    for name, argv in (commands.items() if warm else []):
        measure(argv)
    for _ in range(runs):
        for name, argv in commands.items():
            samples[name].append(measure(argv))
    return samples


def warm_files(paths):
    """Read each file once, untimed, so that the first timed round finds it in the page cache."""
    for path in sorted(set(paths)):
        with open(path, "rb") as f:
            while f.read(1 << 20):
                pass


def summarise(samples):
    walls = [s[0] for s in samples]
    return {"median": statistics.median(walls), "min": min(walls), "max": max(walls),
            "cpu": statistics.median(s[1] for s in samples), "rss": max(s[2] for s in samples)}


# --- floor -----------------------------------------------------------------------------------

def dct_scale(path, cell, margin):
    """Smallest k/8, k in 1, 2, 4, 8, whose decode reaches margin x the size the cover needs."""
    with Image.open(path) as im:
        swap = im.getexif().get(0x0112, 1) in (5, 6, 7, 8)
        sw, sh = im.size
    ow, oh = (sh, sw) if swap else (sw, sh)
    x, y, w, h = cover_window(ow, oh, cell[2], cell[3])
    need = (min(ow, math.ceil(margin * ow * cell[2] / w)), min(oh, math.ceil(margin * oh * cell[3] / h)))
    for k in (1, 2, 4, 8):
        dw, dh = math.ceil(sw * k / 8), math.ceil(sh * k / 8)
        if swap:
            dw, dh = dh, dw
        if dw >= need[0] and dh >= need[1]:
            return k
    return 8


def floor_times(photos, cells, margins, encode_source, rounds):
    """For each margin: the DCT scales, and the shortest of `rounds` timings (alternating
    between the margins) of decoding every photo at those scales on two workers, then one
    JPEG encode of the canvas. The shortest, not the median: a floor is a lower bound."""
    ppm = encode_source + ".ppm"   # cjpeg reads PPM: the canvas to encode, made outside the timing
    subprocess.run(["djpeg", "-outfile", ppm, encode_source], check=True)
    scales = {m: [dct_scale(p, c, m) for p, c in zip(photos, cells)] for m in margins}
    times = {m: [] for m in margins}
    for _ in range(rounds):
        for m in margins:
            times[m].append(floor_once(photos, scales[m], ppm))
    return {m: (min(times[m]), scales[m]) for m in margins}


def floor_once(photos, scales, ppm):
    """One timing: djpeg at `scales` on two workers (largest file first), then cjpeg of `ppm`."""
    order = sorted(range(len(photos)), key=lambda i: -os.path.getsize(photos[i]))
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(lambda i: subprocess.run(["djpeg", "-scale", "%d/8" % scales[i], "-outfile", os.devnull,
                                                photos[i]], check=True), order))
    subprocess.run(["cjpeg", "-quality", "90", "-sample", "2x2", "-optimize", "-outfile", os.devnull,
                    ppm], check=True)
    return time.perf_counter() - start


def stored_window(orientation, rect, stored_size):
    """The rectangle (x0, y0, x1, y1) of an upright (EXIF-applied) image, in the stored image's
    pixels (`stored_size`, before the turn). EXIF orientations 1-8 (TIFF 6.0, tag 0x0112)."""
    x0, y0, x1, y1 = rect
    sw, sh = stored_size
    return {1: (x0, y0, x1, y1), 2: (sw - x1, y0, sw - x0, y1), 3: (sw - x1, sh - y1, sw - x0, sh - y0),
            4: (x0, sh - y1, x1, sh - y0), 5: (y0, x0, y1, x1), 6: (y0, sh - x1, y1, sh - x0),
            7: (sw - y1, sh - x1, sw - y0, sh - x0), 8: (sw - y1, x0, sw - y0, x1)}[orientation]


def decode_window(path, cell, window, margin=2):
    """Where collage decodes `path` for `cell` (README "Rules": Resampler): the DCT scale k (of k/8,
    the smallest of 1, 2, 4, 8 keeping `margin` x the cell's size) and the crop window of that
    scaled decode in stored pixels, `window` (upright photo pixels, from `collage layout --json`)
    widened by the Lanczos-3 kernel's reach (3 taps of the scaled window a cell pixel)."""
    k = dct_scale(path, cell, margin)
    with Image.open(path) as im:
        orientation = im.getexif().get(0x0112, 1)
        sw, sh = im.size
    f = k / 8
    dw, dh = math.ceil(sw * f), math.ceil(sh * f)
    uw, uh = (dh, dw) if orientation in (5, 6, 7, 8) else (dw, dh)
    x, y, w, h = window
    reach_x, reach_y = 3 * max(1.0, w * f / cell[2]), 3 * max(1.0, h * f / cell[3])
    rect = (max(0, math.floor(x * f - reach_x)), max(0, math.floor(y * f - reach_y)),
            min(uw, math.ceil((x + w) * f + reach_x)), min(uh, math.ceil((y + h) * f + reach_y)))
    x0, y0, x1, y1 = stored_window(orientation if orientation in range(1, 9) else 1, rect, (dw, dh))
    return k, (x0, y0, x1 - x0, y1 - y0)


def eighth_decode_floor(photos, rounds):
    """Issue 40's floor of the other design, analysing each photo on a separate small decode before the
    render's own (cropped, streamed) one: the CPU seconds of libjpeg-turbo decoding every photo at DCT
    1/8 (`djpeg -scale 1/8`; the entropy decoding of every coefficient is what it costs), the
    shortest of `rounds`."""
    totals = []
    for _ in range(rounds):
        totals.append(sum(measure(["djpeg", "-scale", "1/8", "-outfile", os.devnull, p])[1] for p in photos))
    return min(totals)


def poster_floor(photos, cells, windows, encoded, rounds):
    """Issue 32's poster floor, the shortest of `rounds`: djpeg of every cell's photo at collage's DCT
    scale and crop window (`decode_window`; `djpeg -scale -crop`) on two workers, largest first, plus
    half of one cjpeg encode of the canvas (collage encodes its bands on both cores). Returns
    (decode s, encode s, floor s)."""
    ppm = encoded + ".ppm"
    subprocess.run(["djpeg", "-outfile", ppm, encoded], check=True)
    jobs = []
    for path, cell, window in zip(photos, cells, windows):
        k, (x, y, w, h) = decode_window(path, cell, window)
        jobs.append(["djpeg", "-scale", "%d/8" % k, "-crop", "%dx%d+%d+%d" % (w, h, x, y), "-outfile", os.devnull, path])
    jobs.sort(key=lambda j: -os.path.getsize(j[-1]))
    decodes, encodes = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        with ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(lambda argv: subprocess.run(argv, check=True), jobs))
        decodes.append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run(["cjpeg", "-quality", "90", "-sample", "2x2", "-optimize", "-outfile", os.devnull, ppm],
                       check=True)
        encodes.append(time.perf_counter() - start)
    os.remove(ppm)
    decode, encode = min(decodes), min(encodes)
    return decode, encode, decode + encode / 2


# --- main ------------------------------------------------------------------------------------

SECTIONS = ["reference", "focus", "png", "rotated", "progressive", "posters", "heic", "scaling", "pdf"]
# Issue 17's posters, 81 photos (the nine repeated) in a 9x9 cover grid: width, height, the key of
# their targets, and those targets: peak RSS MiB and wall time as a ratio to libvips'.
POSTERS = [(7200, 10800, "poster-7200", 256, 0.45), (16384, 16384, "poster-16384", 384, 0.5)]
# Issue 32's poster targets: wall time as a ratio to threaded Pillow's, for the repeated and the
# distinct-file variants alike (peak RSS within 256 MiB for both sizes).
POSTER_PILLOW = {"poster-7200": 0.65, "poster-16384": 0.45}
# Issue 32's HEIC jobs: the seed-002 photo (12 MP, 512-px grid tiles, Display P3) and the three iPhone HEICs.
HEIC_CONVERT = "pillow-heif/pug.heic"
HEIC_NINE = ["pillow-heif/pug.heic", "pillow-heif/arrow.heic", "nuke/img_751.heic"] * 3
# The scaling curve: (photos, canvas side, grid columns); photos repeat the nine.
SCALING = [(1, 1024, 1), (9, 2048, 3), (36, 4096, 6), (81, 8192, 9), (144, 12288, 12), (256, 16384, 16)]
# Issue 17's bound on the scaling curve's cost per megapixel: "flat or falls", with this much
# room for the machine's run-to-run noise, against the 81-photo point (64 MP).
SCALING_NOISE = 1.10


def fmt_row(name, s, base, quality, extra=""):
    return "| %s | %.3f | %.3f–%.3f | %.3f | %.0f | %.2f | %s |%s" % (
        name, s["median"], s["min"], s["max"], s["cpu"], s["rss"], s["median"] / base, quality, extra)


class Targets:
    """Issue 17's targets, in the order of the issue: each gets a measured value when its section runs."""

    ORDER = [
        ("poster-16384-rss", "16384x16384 poster (81 photos): peak RSS <= 384 MiB"),
        ("poster-16384-wall", "16384x16384 poster: wall time <= 0.5x libvips'"),
        ("poster-7200-rss", "7200x10800 poster (81 photos): peak RSS <= 256 MiB"),
        ("poster-7200-wall", "7200x10800 poster: wall time <= 0.45x libvips'"),
        ("progressive-pillow", "reference job from progressive JPEGs: wall time <= 0.75x threaded Pillow's"),
        ("progressive-floor", "reference job from progressive JPEGs: wall time <= 1.15x the djpeg floor (default scales)"),
        ("progressive-rss", "reference job from progressive JPEGs: peak RSS <= Pillow's"),
        ("reference-pillow", "reference job, default mode: wall time <= 0.62x threaded Pillow's"),
        ("reference-quality", "reference job, default mode: quality unchanged, 52.36 dB (>= 52.3)"),
        ("reference-fast", "reference job, `--fast`: wall time <= 0.5x threaded Pillow's"),
        ("focus-faces", "issue 40: reference job with `layout.focus: faces`: wall time <= 1.2x the same job with a fixed focus"),
        ("heic-convert-wall", "issue 32: HEIC convert (pug.heic to JPEG q90): wall time <= 0.85x the fastest peer's"),
        ("heic-convert-rss", "issue 32: HEIC convert: peak RSS <= the leanest peer's"),
        ("heic-collage-wall", "issue 32: 3x3 collage of iPhone HEICs on 2048x2048: wall time <= 0.75x the fastest peer's"),
        ("poster-7200-pillow", "issue 32: 7200x10800 poster: wall time <= 0.65x threaded Pillow's"),
        ("poster-16384-pillow", "issue 32: 16384x16384 poster: wall time <= 0.45x threaded Pillow's"),
        ("poster-7200-distinct-pillow", "issue 32: 7200x10800 poster of 81 distinct files: wall time <= 0.65x threaded "
                                        "Pillow's, peak RSS <= 256 MiB"),
        ("poster-16384-distinct-pillow", "issue 32: 16384x16384 poster of 81 distinct files: wall time <= 0.45x "
                                         "threaded Pillow's, peak RSS <= 256 MiB"),
        ("pdf-wall", "issue 44: 12-page photo book to PDF: wall time <= 0.5x Typst's"),
        ("pdf-size", "issue 44: 12-page photo book to PDF: file size <= Typst's"),
        ("scaling-cost", "scaling curve to 256 photos / 268 MP: ms per (canvas + decoded) MP flat or falls "
                         "(every point past 81 photos <= %.2fx the 81-photo point's)" % SCALING_NOISE),
        ("scaling-rss", "scaling curve: peak RSS at 256 photos on 16384x16384 grows with the band, not the canvas "
                        "(<= 384 MiB, the poster bound; the 8-bit RGB canvas alone is 768 MiB)"),
    ]

    def __init__(self):
        self.measured = {}

    def set(self, key, value, met):
        assert key in dict(self.ORDER), key
        self.measured[key] = (value, met)

    def lines(self):
        out = ["| target | measured | result |", "|---|---|---|"]
        for key, text in self.ORDER:
            value, met = self.measured.get(key, ("section not run", None))
            out.append("| %s | %s | %s |" % (text, value, "not run" if met is None else ("met" if met else "NOT met")))
        met = sum(1 for v, m in self.measured.values() if m)
        out += ["", "%d of %d targets met, %d not met, %d not run." % (
            met, len(self.ORDER), sum(1 for v, m in self.measured.values() if not m),
            len(self.ORDER) - len(self.measured))]
        return out


def main():
    started = time.perf_counter()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="3 rounds, posters 2 rounds, no scaling curve (for iteration)")
    ap.add_argument("--runs", type=int, help="rounds of the reference job (default 15, quick 3; the PNG, rotated "
                                             "and progressive variants take half, at least 2)")
    ap.add_argument("--poster-runs", type=int, help="rounds of each poster job (default 3, quick 2)")
    ap.add_argument("--only", help="comma-separated sections to run: %s (default all; "
                                   "`--quick` leaves out scaling unless named here). `batch` is "
                                   "Benchmarks/run's and ignored here" % ",".join(SECTIONS))
    ap.add_argument("--out", help="results file (default Benchmarks/results/<date>-<machine>.md, "
                                  "with --only <date>-<machine>-<sections>.md)")
    args = ap.parse_args()
    runs = args.runs or (3 if args.quick else 15)
    poster_runs = args.poster_runs or (2 if args.quick else 3)
    if args.only:
        chosen = [s.strip() for s in args.only.split(",") if s.strip() and s.strip() != "batch"]
        unknown = [s for s in chosen if s not in SECTIONS]
        if unknown:
            ap.error("unknown section(s) %s; sections: %s" % (", ".join(unknown), ",".join(SECTIONS)))
        sections = [s for s in SECTIONS if s in chosen]
    else:
        sections = [s for s in SECTIONS if not (args.quick and s == "scaling")]

    photos = [os.path.join(CORPUS, "metadata-extractor-images", n) for n in NINE]
    missing = [p for p in photos if not os.path.exists(p)]
    if missing:
        sys.exit("benchmark photos missing: %s (expected the corpus at %s)" % (", ".join(missing), CORPUS))
    if not os.path.exists(COLLAGE):
        sys.exit("build collage first: swift build -c release")
    os.makedirs(WORK, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="run-", dir=WORK)
    lines = []
    targets = Targets()

    def say(text=""):
        print(text, flush=True)
        lines.append(text)

    machine = platform.node() or "machine"
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    today = datetime.date.today().isoformat()
    versions = {
        "collage": subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip(),
        "libvips": subprocess.run(["vips", "--version"], capture_output=True, text=True).stdout.strip(),
        "ImageMagick": subprocess.run(["convert", "-version"], capture_output=True, text=True).stdout.split("\n")[0],
        "Pillow": subprocess.run([PYTHON, "-c", "import PIL; print(PIL.__version__)"], capture_output=True, text=True).stdout.strip(),
    }
    say("# Benchmark %s on %s (%s, %d cores)" % (today, machine, cpu, os.cpu_count()))
    say()
    say("Versions: " + "; ".join("%s %s" % kv for kv in versions.items()))
    say()
    say("Started %s UTC, load average %s; sections: %s%s." % (
        datetime.datetime.now(datetime.timezone.utc).strftime("%H:%M"), " ".join("%.2f" % v for v in os.getloadavg()),
        ", ".join(sections), " (quick)" if args.quick else ""))
    say()

    cells9 = auto_cells(9, 2048, 2048)
    peers = ["libvips", "ImageMagick", "Pillow"]

    if "reference" in sections:
        section_reference(say, targets, photos, cells9, peers, folder, runs)
    if "focus" in sections:
        section_focus(say, targets, photos, cells9, folder, runs)
    if "png" in sections:
        section_png(say, photos, cells9, peers, folder, runs)
    if "rotated" in sections:
        section_rotated(say, photos, cells9, folder, runs)
    if "progressive" in sections:
        section_progressive(say, targets, photos, cells9, peers, folder, runs)
    if "posters" in sections:
        section_posters(say, targets, photos, folder, poster_runs)
    if "heic" in sections:
        section_heic(say, targets, folder, runs)
    if "scaling" in sections:
        section_scaling(say, targets, photos, folder)
    if "pdf" in sections:
        section_pdf(say, targets, folder, runs)

    say("## Targets (issues 17, 32, 40 and 44)")
    say()
    for line in targets.lines():
        say(line)
    say()
    say("Run took %.1f min (machine timings are noisy while others build; load average now %s)." % (
        (time.perf_counter() - started) / 60, " ".join("%.2f" % v for v in os.getloadavg())))

    name = "%s-%s" % (today, machine) + ("-" + "+".join(sections) if args.only else "")
    out = args.out or os.path.join(BENCH, "results", name + ".md")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    shutil.rmtree(folder, ignore_errors=True)
    report = os.path.join(WORK, "time-%d.txt" % os.getpid())   # measure()'s GNU time report
    if os.path.exists(report):
        os.remove(report)
    print("written to %s" % os.path.relpath(out, ROOT))


def section_reference(say, targets, photos, cells9, peers, folder, runs):
    """The reference job: quality (caption-free PNG) first, then the timed JPEG job, its floor and targets."""
    say("Reference job: the nine benchmark photos, 3x3 cover grid on 2048x2048, 8 px gaps and padding, white, "
        "a 96 px white caption with a 4 px black stroke, JPEG q90 4:2:0; "
        "%d alternating rounds after one warm-up round. Quality: PSNR over the nine cells of a caption-free PNG "
        "variant against a float64 reference (full decode, the crop windows `collage layout --json` reports, "
        "cross-checked against the README's rules; Lanczos-3 in linear light, kernel widened by the scale, "
        "pixel centres +0.5, reflect-101 edges)." % runs)
    say()

    qjob = Job("quality", photos, [2048, 2048], cells9, 3, "png", False, folder)
    cells, windows = layout_windows(qjob.yaml())
    # Cross-check: the layout collage reports is docs/format.md's (snapping, centred cover windows).
    for path, cell, window, mine in zip(photos, cells, windows, cells9):
        ow, oh = oriented_size(path)
        expected = cover_window(ow, oh, mine[2], mine[3])
        if tuple(cell) != tuple(mine) or max(abs(a - b) for a, b in zip(window, expected)) > 1e-6:
            sys.exit("layout mismatch for %s: collage %s %s, docs/format.md %s %s" % (path, cell, window, mine, expected))
    refs = reference(photos, cells, windows)
    quality = {}
    for name, argv in qjob.commands().items():
        measure(argv)
        out = argv[argv.index("-o") + 1] if "-o" in argv else qjob.output(
            {"libvips": "vips", "Pillow": "pillow", "ImageMagick": "ImageMagick"}[name])
        quality[name] = psnr(out, cells9, refs)

    job = Job("reference", photos, [2048, 2048], cells9, 3, "jpeg", True, folder)
    stats = {k: summarise(v) for k, v in run_alternating(job.commands(), runs).items()}
    base = stats["collage"]["median"]
    fastest = min(peers, key=lambda p: stats[p]["median"])
    floors = floor_times(photos, cells9, [2, 1], job.output("collage"), 7)
    (floor_default, scales_default), (floor_fast, scales_fast) = floors[2], floors[1]

    say("## Reference job (JPEG)")
    say()
    say("| tool | median s | min–max s | CPU s | peak RSS MiB | time / collage | PSNR dB |")
    say("|---|---|---|---|---|---|---|")
    for name in ["collage", "collage --fast"] + peers:
        say(fmt_row(name, stats[name], base, "%.2f" % quality[name]))
    say()
    say("Floor (DCT-scaled decode of the nine on 2 workers + one JPEG encode, djpeg/cjpeg; best of 7): default mode "
        "scales %s/8: %.3f s; fast mode scales %s/8: %.3f s." % (",".join(map(str, scales_default)), floor_default,
                                                                    ",".join(map(str, scales_fast)), floor_fast))
    say()
    d, f, p = stats["collage"]["median"], stats["collage --fast"]["median"], stats[fastest]["median"]
    say("Targets of issue 7 (fastest peer: %s): default %.2fx the fastest peer (target <= 0.80), %.2f dB (>= 48), "
        "%.2fx its floor; fast %.2fx the fastest peer (<= 0.60), %.2fx its floor (<= 1.30), %.2f dB (>= %.2f, the "
        "fastest peer's); peak RSS %.0f MiB vs leanest peer %.0f MiB."
        % (fastest, d / p, quality["collage"], d / floor_default, f / p, f / floor_fast, quality["collage --fast"],
           quality[fastest], stats["collage"]["rss"], min(stats[q]["rss"] for q in peers)))
    say()
    pil = stats["Pillow"]["median"]
    targets.set("reference-pillow", "%.2fx (%.3f s against %.3f s)" % (d / pil, d, pil), d / pil <= 0.62)
    targets.set("reference-quality", "%.2f dB" % quality["collage"], quality["collage"] >= 52.3)
    targets.set("reference-fast", "%.2fx (%.3f s against %.3f s)" % (f / pil, f, pil), f / pil <= 0.5)
    say("Targets of issue 17 (against threaded Pillow): default %.2fx (target <= 0.62) at %.2f dB (52.36 unchanged, "
        ">= 52.3); `--fast` %.2fx (<= 0.5)." % (d / pil, quality["collage"], f / pil))
    say()


def section_focus(say, targets, photos, cells9, folder, runs):
    """Issue 40: the reference job with `layout.focus: faces` against the same job with the fixed centre focus."""
    fixed = Job("focus-fixed", photos, [2048, 2048], cells9, 3, "jpeg", True, folder)
    faces = Job("focus-faces", photos, [2048, 2048], cells9, 3, "jpeg", True, folder, focus="faces")
    commands = {"fixed focus": fixed.commands()["collage"], "layout.focus: faces": faces.commands()["collage"]}
    stats = {k: summarise(v) for k, v in run_alternating(commands, runs).items()}
    base = stats["fixed focus"]["median"]
    say("## focus: faces (issue 40)")
    say()
    say("The reference job with `layout.focus: faces` (each photo analysed inside the render from the render's own "
        "decode, held whole: faces detected with the frontal LBP and mirrored profile Haar cascades, the window chosen "
        "and drawn from memory) against the same job with the fixed centre focus; "
        "%d alternating rounds." % runs)
    say()
    say("| job | median s | min–max s | CPU s | peak RSS MiB | time / fixed |")
    say("|---|---|---|---|---|---|")
    for name in commands:
        say(fmt_row(name, stats[name], base, "-")[:-len(" - |")])
    say()
    ratio = stats["layout.focus: faces"]["median"] / base
    targets.set("focus-faces", "%.2fx (%.3f s against %.3f s)" % (ratio, stats["layout.focus: faces"]["median"], base),
                ratio <= 1.2)
    say("Target of issue 40: `layout.focus: faces` %.2fx the fixed focus (target <= 1.2)." % ratio)
    say()
    # The floor of analysing a separate small decode instead of the render's own (README, issue 40).
    eighth = eighth_decode_floor(photos, 3)
    fixed_cpu = stats["fixed focus"]["cpu"]
    say("Floor of the other design (a separate analysis decode at DCT 1/8 before the render's own cropped one): "
        "`djpeg -scale 1/8` of the nine photos takes %.3f s of CPU, %.2fx the fixed job's %.3f s, where the 1.2x "
        "target leaves 0.2x for all that the focus adds; `layout.focus: faces` adds %.2fx." % (
            eighth, eighth / fixed_cpu, fixed_cpu, stats["layout.focus: faces"]["cpu"] / fixed_cpu - 1))
    say()
    # The cut-face table over the composed scenes (Benchmarks/focus_scenes.py), with this binary.
    import focus_scenes
    cuts, total, _ = focus_scenes.cut_face_table(COLLAGE, ROOT, folder)
    say("Faces cut (not wholly inside the crop window) over the %d composed scenes (%d faces), by `collage layout "
        "--json` in a 1:1, a 9:16 and a 16:9 cell:" % (len(focus_scenes.SCENES), total))
    say()
    say("| crop | 1:1 | 9:16 | 16:9 |")
    say("|---|---|---|---|")
    for name, label in (("centre", "centre (`focus: [0.5, 0.5]`)"), ("auto", "`focus: auto`"), ("faces", "`focus: faces`")):
        say("| %s | %s |" % (label, " | ".join("%d of %d" % (c, total) for c in cuts[name])))
    say()


def section_png(say, photos, cells9, peers, folder, runs):
    pjob = Job("png", photos, [2048, 2048], cells9, 3, "png", True, folder)
    pcmds = {k: v for k, v in pjob.commands().items() if k != "collage --fast"}
    pstats = {k: summarise(v) for k, v in run_alternating(pcmds, max(2, runs // 2)).items()}
    sizes = {k: os.path.getsize(pjob.output({"collage": "collage", "libvips": "vips", "Pillow": "pillow",
                                             "ImageMagick": "ImageMagick"}[k])) for k in pcmds}
    say("## PNG variant (every tool zlib level 6, adaptive filters)")
    say()
    say("| tool | median s | min–max s | CPU s | peak RSS MiB | time / collage | file bytes |")
    say("|---|---|---|---|---|---|---|")
    for name in ["collage"] + peers:
        say(fmt_row(name, pstats[name], pstats["collage"]["median"], str(sizes[name])))
    say()


def section_rotated(say, photos, cells9, folder, runs):
    """Issue 12: the reference job with every print turned by 5 degrees (collage only), against the
    same job unrotated, alternating."""
    rjob = Job("rotated", photos, [2048, 2048], cells9, 3, "jpeg", True, folder, rotation=5)
    ujob = Job("unrotated", photos, [2048, 2048], cells9, 3, "jpeg", True, folder)
    rcmds = {"collage unrotated": ujob.commands()["collage"], "collage rotation 5": rjob.commands()["collage"]}
    rstats = {k: summarise(v) for k, v in run_alternating(rcmds, max(2, runs // 2)).items()}
    say("## Rotated variant (nine prints with `rotation: 5`, collage only)")
    say()
    say("| job | median s | min–max s | CPU s | peak RSS MiB | time / unrotated |")
    say("|---|---|---|---|---|---|")
    for name in rcmds:
        say(fmt_row(name, rstats[name], rstats["collage unrotated"]["median"], "")[:-4] + "|")
    say()
    say("Rotated / unrotated: %.2fx (issue 12 asks at most 1.5x)."
        % (rstats["collage rotation 5"]["median"] / rstats["collage unrotated"]["median"]))
    say()


def section_progressive(say, targets, photos, cells9, peers, folder, runs):
    """The reference job from the nine made progressive (same pixels), its djpeg floor at collage's
    default DCT scales, and issue 17's targets."""
    prog_dir = os.path.join(folder, "progressive")
    os.makedirs(prog_dir)
    prog = []
    for p in photos:
        target = os.path.join(prog_dir, os.path.basename(p))
        subprocess.run(["jpegtran", "-progressive", "-copy", "all", "-outfile", target, p], check=True)
        prog.append(target)
    gjob = Job("progressive", prog, [2048, 2048], cells9, 3, "jpeg", True, folder)
    gruns = max(2, runs // 2)
    gstats = {k: summarise(v) for k, v in run_alternating(gjob.commands(), gruns).items()}
    floor, scales = floor_times(prog, cells9, [2], gjob.output("collage"), 7)[2]
    say("## Progressive variant (`jpegtran -progressive -copy all`, same pixels; %d alternating rounds)" % gruns)
    say()
    say("| tool | median s | min–max s | CPU s | peak RSS MiB | time / collage |")
    say("|---|---|---|---|---|---|")
    for name in ["collage", "collage --fast"] + peers:
        say(fmt_row(name, gstats[name], gstats["collage"]["median"], "")[:-4] + "|")
    say()
    c, pil = gstats["collage"], gstats["Pillow"]
    say("Floor (the progressive files decoded by djpeg at collage's default DCT scales %s/8 on 2 workers + one JPEG "
        "encode; best of 7): %.3f s." % (",".join(map(str, scales)), floor))
    say()
    say("Targets of issue 17: %.2fx threaded Pillow's wall time (target <= 0.75), %.2fx the floor (<= 1.15), "
        "peak RSS %.0f MiB against Pillow's %.0f MiB (no more)."
        % (c["median"] / pil["median"], c["median"] / floor, c["rss"], pil["rss"]))
    say()
    targets.set("progressive-pillow", "%.2fx (%.3f s against %.3f s)" % (c["median"] / pil["median"], c["median"],
                                                                         pil["median"]), c["median"] / pil["median"] <= 0.75)
    targets.set("progressive-floor", "%.2fx (%.3f s against %.3f s)" % (c["median"] / floor, c["median"], floor),
                c["median"] / floor <= 1.15)
    targets.set("progressive-rss", "%.0f MiB against %.0f MiB" % (c["rss"], pil["rss"]), c["rss"] <= pil["rss"])


def distinct_copies(photos, count, folder):
    """`count` files cycling through `photos`, each with its own bytes and inode: the photo with a
    COM marker naming its number (`wrjpgcom`; pixels, EXIF and ICC untouched), so no cache keyed
    by inode or content can reuse a decode across them (issue 32)."""
    os.makedirs(folder, exist_ok=True)
    copies = []
    for i in range(count):
        source = photos[i % len(photos)]
        target = os.path.join(folder, "%03d-%s" % (i, os.path.basename(source)))
        with open(target, "wb") as out:
            subprocess.run(["wrjpgcom", "-comment", "collage benchmark copy %d" % i, source], stdout=out, check=True)
        copies.append(target)
    return copies


def peer_table(say, job, stats):
    """The table of collage, libvips and threaded Pillow on `job` (median, spread, CPU, RSS, ratio, bytes)."""
    say("| tool | median s | min–max s | CPU s | peak RSS MiB | time / collage | output bytes |")
    say("|---|---|---|---|---|---|---|")
    for name in ["collage", "libvips", "Pillow"]:
        out = job.output({"collage": "collage", "libvips": "vips", "Pillow": "pillow"}[name])
        say(fmt_row(name, stats[name], stats["collage"]["median"], str(os.path.getsize(out))))
    say()


def section_posters(say, targets, photos, folder, runs):
    """Issue 17's posters: 81 photos (the nine repeated, as the scaling curve does) in a 9x9 cover grid,
    8 px gaps and padding, no caption, JPEG q90 4:2:0; collage (default mode) against libvips and
    threaded Pillow, alternating. No warm-up round (each round takes tens of seconds): the photos are
    read once instead, untimed. Then issue 32's variant of each: 81 distinct files (`distinct_copies`).
    Each prints issue 32's floor (`poster_floor`: djpeg at collage's DCT scales and crop windows, plus half
    a cjpeg encode), measured once a size after the repeated variant."""
    say("## Posters (81 photos in a 9x9 cover grid, 8 px gaps and padding, no caption, JPEG q90 4:2:0: the nine "
        "repeated, then 81 distinct files (the nine with a numbered COM marker each: own bytes and inode); "
        "%d alternating round%s, the photos read once untimed before)" % (runs, "" if runs == 1 else "s"))
    say()
    distinct = distinct_copies(photos, 81, os.path.join(folder, "distinct"))
    warm_files(photos + distinct)
    floors = {}
    variants = [(width, height, key, rss_bound, wall_bound, variant)
                for width, height, key, rss_bound, wall_bound in POSTERS for variant in ("repeated", "distinct")]
    for width, height, key, rss_bound, wall_bound, variant in variants:
        ps = [photos[i % 9] for i in range(81)] if variant == "repeated" else distinct
        cells = grid_cells(81, 9, width, height)
        job = Job("poster-%dx%d-%s" % (width, height, variant), ps, [width, height], cells, 9, "jpeg", False, folder)
        # Every tool gets the cells collage lays out (docs/format.md's grid rule).
        reported, _ = layout_windows(job.yaml())
        if [tuple(c) for c in reported] != [tuple(c) for c in cells]:
            sys.exit("poster layout mismatch: collage %s, harness %s" % (reported[:3], cells[:3]))
        cmds = {k: v for k, v in job.commands().items() if k in ("collage", "libvips", "Pillow")}
        stats = {k: summarise(v) for k, v in run_alternating(cmds, runs, warm=False).items()}
        say("### %dx%d (%.0f MP), %s" % (width, height, width * height / 1e6,
                                          "the nine repeated" if variant == "repeated" else "81 distinct files"))
        say()
        peer_table(say, job, stats)
        c, v, pil = stats["collage"], stats["libvips"], stats["Pillow"]
        pillow_bound = POSTER_PILLOW[key]
        # The distinct files have the repeated ones' pixels: one floor a size, measured after the repeated variant.
        if variant == "repeated":
            _, windows = layout_windows(job.yaml())
            floors[key] = poster_floor(ps, cells, windows, job.output("collage"), max(2, runs))
        decode, encode, floor = floors[key]
        say("Floor (djpeg of the 81 cells at collage's DCT scales and crop windows on 2 workers, %.3f s, plus half a "
            "cjpeg encode of the canvas, %.3f s; best of %d): %.3f s, which is %.2fx threaded Pillow's wall time; "
            "collage %.2fx the floor." % (decode, encode / 2, max(2, runs), floor, floor / pil["median"],
                                          c["median"] / floor))
        say()
        if variant == "repeated":
            say("Targets: peak RSS %.0f MiB (issue 17: <= %d); %.2fx libvips' wall time (issue 17: <= %.2f); %.2fx "
                "threaded Pillow's (issue 32: <= %.2f)." % (c["rss"], rss_bound, c["median"] / v["median"], wall_bound,
                                                            c["median"] / pil["median"], pillow_bound))
            targets.set(key + "-rss", "%.0f MiB" % c["rss"], c["rss"] <= rss_bound)
            targets.set(key + "-wall", "%.2fx (%.3f s against %.3f s)" % (c["median"] / v["median"], c["median"],
                                                                         v["median"]), c["median"] / v["median"] <= wall_bound)
            targets.set(key + "-pillow", "%.2fx (%.3f s against %.3f s)" % (
                c["median"] / pil["median"], c["median"], pil["median"]), c["median"] / pil["median"] <= pillow_bound)
        else:
            say("Targets of issue 32: %.2fx threaded Pillow's wall time (<= %.2f); peak RSS %.0f MiB (<= 256)."
                % (c["median"] / pil["median"], pillow_bound, c["rss"]))
            targets.set(key + "-distinct-pillow", "%.2fx (%.3f s against %.3f s), %.0f MiB" % (
                c["median"] / pil["median"], c["median"], pil["median"], c["rss"]),
                c["median"] / pil["median"] <= pillow_bound and c["rss"] <= 256)
        say()


def heic_floor(folder, photo, encoded, rounds):
    """Issue 32's HEIC floor, the shortest of `rounds`: libheif's decode of `photo` to its native
    YCbCr planes (Benchmarks/floors/heif_ycbcr_decode.c, built here) plus half of one cjpeg encode
    of the same pixels at q90 4:2:0 (the encode split over the two cores, as collage's band
    encoder splits it). Returns (decode, encode / 2), seconds."""
    tool = os.path.join(folder, "heif_ycbcr_decode")
    libheif = subprocess.run(["pkg-config", "--cflags", "--libs", "libheif"], check=True, capture_output=True,
                             text=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", tool, os.path.join(BENCH, "floors", "heif_ycbcr_decode.c")] + libheif,
                   check=True)
    ppm = os.path.join(folder, "heic-floor.ppm")
    subprocess.run(["djpeg", "-outfile", ppm, encoded], check=True)
    decode, encode = [], []
    for _ in range(rounds):
        decode.append(measure([tool, photo])[0])
        encode.append(measure(["cjpeg", "-quality", "90", "-sample", "2x2", "-outfile", os.devnull, ppm])[0])
    return min(decode), min(encode) / 2


def section_heic(say, targets, folder, runs):
    """Issue 32's HEIC jobs. The convert: the corpus's 12 MP iPhone photo (512-px grid tiles,
    Display P3) to JPEG q90 by `collage convert` (upright, converted to sRGB) against heif-convert
    and `vips copy` (both keep the P3 profile embedded: no conversion) and Pillow with pillow-heif
    (converted to sRGB with ImageCms, as collage does). The collage: the three iPhone HEICs
    repeated, 3x3 cover grid on 2048x2048, no caption, each converted to sRGB, against libvips
    (`thumbnail` with export_profile) and threaded Pillow with pillow-heif."""
    photo = os.path.join(CORPUS, HEIC_CONVERT)
    out = {name: os.path.join(folder, "heic-%s.jpg" % name) for name in ["collage", "heif-convert", "vips", "pillow"]}
    cmds = {
        "collage": [COLLAGE, "convert", photo, "-o", out["collage"], "--quality", "90"],
        "heif-convert": ["heif-convert", "-q", "90", photo, out["heif-convert"]],
        "vips copy": ["vips", "copy", photo, out["vips"] + "[Q=90]"],
        "Pillow": [PYTHON, os.path.join(BENCH, "peers", "pillow_heic_convert.py"), photo, out["pillow"]],
    }
    stats = {k: summarise(v) for k, v in run_alternating(cmds, runs).items()}
    decode, encode = heic_floor(folder, photo, out["collage"], max(3, runs // 2))
    say("## HEIC (issue 32)")
    say()
    say("### Convert: `%s` (4032x3024, 512-px tiles, Display P3) to JPEG q90; %d alternating rounds" % (HEIC_CONVERT, runs))
    say()
    say("| tool | median s | min–max s | CPU s | peak RSS MiB | time / collage | output bytes |")
    say("|---|---|---|---|---|---|---|")
    for name, path in zip(cmds, out.values()):
        say(fmt_row(name, stats[name], stats["collage"]["median"], str(os.path.getsize(path))))
    say()
    say("heif-convert and `vips copy` keep the Display P3 profile embedded (no colour conversion); collage and the "
        "Pillow peer convert to sRGB. Floor: libheif's decode to its native YCbCr planes %.3f s + half a cjpeg encode "
        "of the 12 MP image %.3f s = %.3f s (best of %d)." % (decode, encode, decode + encode, max(3, runs // 2)))
    say()
    peers = [k for k in cmds if k != "collage"]
    fastest = min(peers, key=lambda k: stats[k]["median"])
    leanest = min(peers, key=lambda k: stats[k]["rss"])
    c = stats["collage"]
    targets.set("heic-convert-wall", "%.2fx %s (%.3f s against %.3f s; floor %.3f s)" % (
        c["median"] / stats[fastest]["median"], fastest, c["median"], stats[fastest]["median"], decode + encode),
        c["median"] / stats[fastest]["median"] <= 0.85)
    targets.set("heic-convert-rss", "%.0f MiB against %s's %.0f MiB" % (c["rss"], leanest, stats[leanest]["rss"]),
                c["rss"] <= stats[leanest]["rss"])

    photos = [os.path.join(CORPUS, p) for p in HEIC_NINE]
    job = Job("heic-3x3", photos, [2048, 2048], auto_cells(9, 2048, 2048), 3, "jpeg", False, folder, to_srgb=True)
    cmds = {k: v for k, v in job.commands().items() if k in ("collage", "libvips", "Pillow")}
    stats = {k: summarise(v) for k, v in run_alternating(cmds, runs).items()}
    say("### 3x3 collage of the iPhone HEICs (pug, arrow, img_751, repeated), 2048x2048 cover grid, JPEG q90; "
        "%d alternating rounds" % runs)
    say()
    peer_table(say, job, stats)
    fastest = min(["libvips", "Pillow"], key=lambda k: stats[k]["median"])
    c = stats["collage"]
    targets.set("heic-collage-wall", "%.2fx %s (%.3f s against %.3f s)" % (
        c["median"] / stats[fastest]["median"], fastest, c["median"], stats[fastest]["median"]),
        c["median"] / stats[fastest]["median"] <= 0.75)


def section_scaling(say, targets, photos, folder):
    """collage alone, default mode, from 1 photo on 1 MP to 256 on the 268 MP canvas limit: 3 runs a
    point, one untimed warm-up before the first point (the nine photos, then in the page cache, are
    all the points read)."""
    say("## Scaling curve (collage, default mode, JPEG q90; photos repeat the nine; median of 3 runs)")
    say()
    say("| photos | canvas | canvas MP | decoded MP | median s | peak RSS MiB | ms per (canvas + decoded) MP |")
    say("|---|---|---|---|---|---|---|")
    cost = {}
    rss = {}
    for index, (n, side, columns) in enumerate(SCALING):
        ps = [photos[i % 9] for i in range(n)]
        cells = auto_cells(n, side, side) if n <= 9 else grid_cells(n, columns, side, side)
        sjob = Job("scale%d" % n, ps, [side, side], cells, columns, "jpeg", False, folder)
        argv = sjob.commands()["collage"]
        if index == 0:
            measure(argv)
        samples = [measure(argv) for _ in range(3)]
        decoded = 0
        for p, c in zip(ps, cells):
            k = dct_scale(p, c, 2)
            with Image.open(p) as im:
                decoded += math.ceil(im.width * k / 8) * math.ceil(im.height * k / 8)
        s = summarise(samples)
        mp = side * side / 1e6
        cost[n] = 1000 * s["median"] / (mp + decoded / 1e6)
        rss[n] = s["rss"]
        say("| %d | %dx%d | %.1f | %.1f | %.3f | %.0f | %.1f |" % (n, side, side, mp, decoded / 1e6, s["median"],
                                                                s["rss"], cost[n]))
    say()
    late = [n for n, _, _ in SCALING if n > 81]
    worst = max(late, key=lambda n: cost[n])
    targets.set("scaling-cost", "%s ms/MP (81, %s photos); worst %.2fx" % (
        " / ".join("%.1f" % cost[n] for n in [81] + late), ", ".join(map(str, late)), cost[worst] / cost[81]),
        cost[worst] <= SCALING_NOISE * cost[81])
    last = SCALING[-1][0]
    targets.set("scaling-rss", "%.0f MiB" % rss[last], rss[last] <= 384)


# --- pdf (issue 44) ------------------------------------------------------------------------------

# The book's photos: the corpus's eleven camera photos, the first again on page 12 (both tools store a
# file placed twice once).
PDF_PHOTOS = ["photo_Issue_525.jpg", "photo_Canon_PowerShot_G11.jpg", "photo_Issue_266.jpg", "photo_Kodak_PIXPRO_FZ201.jpg",
              "photo_Kodak_PIXPRO_SP360.jpg", "photo_Oppo_R7_Plus.jpg", "photo_Nokia_Lumia_800.jpg", "photo_Canon_EOS_5D.jpg",
              "photo_Blackberry_Z10.jpg", "photo_Canon_EOS_1000D.jpg", "photo_Apple_iPhone_5.jpg", "photo_Issue_525.jpg"]
# The page: 6 x 6 in at 150 dpi (900 px; a pixel is 0.48 pt), the photo contained in a 780 x 680 px frame at
# (60, 60), a 28 px DejaVu Sans caption centred 50 px above the bottom edge.
PDF_PAGE = {"inches": 6, "dpi": 150, "frame": (60, 60, 780, 680), "caption": 28, "bottom": 50}
# Typst's one compile in a fresh process, timed in-process (its Python binding: the Python start and
# `import typst` are not timed; a second compile in the same process would reuse Typst's memoised
# results, so every round is a process of its own): prints the compile's wall seconds.
TYPST_TIMER = """
import sys, time, typst
source, output, fonts = sys.argv[1], sys.argv[2], sys.argv[3]
start = time.perf_counter()
typst.compile(source, output=output, font_paths=[fonts], ignore_system_fonts=True)
print(time.perf_counter() - start)
"""


def pdf_page_png(pdf, page, dpi, out):
    """Page `page` of `pdf` rasterised by pdftoppm at `dpi`, as an RGB array."""
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png", "-singlefile", pdf, out],
                   check=True)
    return np.asarray(Image.open(out + ".png").convert("RGB"), dtype=np.float64)


def section_pdf(say, targets, folder, runs):
    """Issue 44: the same 12-page photo book with captions, photos placed whole (contain, so that both
    sides pass the JPEGs through), written by collage and by Typst (PyPI `typst`) in the same run: wall
    time, file size and each PDF's pdftoppm parity against collage's own PNG render of each page."""
    book = os.path.join(folder, "pdf-book")
    os.makedirs(book, exist_ok=True)
    # Linked into the book's folder: Typst reads files under its project root only.
    for n in set(PDF_PHOTOS):
        os.symlink(os.path.join(CORPUS, "metadata-extractor-images", n), os.path.join(book, n))
    photos = [os.path.join(book, n) for n in PDF_PHOTOS]
    px = 72.0 / PDF_PAGE["dpi"]   # points per canvas pixel
    x, y, w, h = PDF_PAGE["frame"]
    captions = ["Page %d: %s" % (i + 1, os.path.splitext(n)[0][len("photo_"):].replace("_", " "))
                for i, n in enumerate(PDF_PHOTOS)]
    pages = "\n".join(
        "  - photos: [{src: %s, frame: {x: %d, y: %d, width: %d, height: %d}, fit: contain}]\n"
        "    overlays: [{text: %s, anchor: bottom, offset: [0, -%d], font: {family: \"DejaVu Sans\", size: %d}, "
        "color: \"#000000\"}]" % (json.dumps(p), x, y, w, h, json.dumps(c), PDF_PAGE["bottom"], PDF_PAGE["caption"])
        for p, c in zip(photos, captions))
    doc = os.path.join(book, "book.yaml")
    with open(doc, "w") as f:
        f.write("version: 1\ncanvas: {width: %din, height: %din, dpi: %d, background: \"#ffffff\"}\n"
                "layout: {kind: free}\npages:\n%s\n" % (PDF_PAGE["inches"], PDF_PAGE["inches"], PDF_PAGE["dpi"], pages))
    typ = os.path.join(book, "book.typ")
    with open(typ, "w") as f:
        f.write('#set page(width: %din, height: %din, margin: 0pt, fill: white)\n' % (PDF_PAGE["inches"], PDF_PAGE["inches"]))
        f.write('#set text(font: "DejaVu Sans", size: %.2fpt, fill: black, bottom-edge: "descender")\n'
                % (PDF_PAGE["caption"] * px))
        for i, (p, c) in enumerate(zip(photos, captions)):
            if i:
                f.write("#pagebreak()\n")
            f.write('#place(top + left, dx: %.2fpt, dy: %.2fpt, box(width: %.2fpt, height: %.2fpt, '
                    'image(%s, width: 100%%, height: 100%%, fit: "contain")))\n'
                    % (x * px, y * px, w * px, h * px, json.dumps(os.path.relpath(p, book))))
            f.write('#place(bottom + center, dy: -%.2fpt)[%s]\n' % (PDF_PAGE["bottom"] * px, c))
    ours, theirs = os.path.join(book, "collage.pdf"), os.path.join(book, "typst.pdf")
    collage_cmd = [COLLAGE, "render", doc, "-o", ours, "--pdf-max-ppi", "10000"]
    stats = summarise(run_alternating({"collage": collage_cmd}, runs)["collage"])
    fonts = os.path.dirname(FONT_FILE)
    walls = []
    for _ in range(runs + 1):
        timer = subprocess.run([PYTHON, "-c", TYPST_TIMER, typ, theirs, fonts], capture_output=True, text=True,
                               cwd=book, check=False)
        if timer.returncode != 0:
            say("## PDF (issue 44)\n\nTypst failed: %s\n" % timer.stderr[-2000:])
            return
        walls.append(float(timer.stdout.split()[-1]))
    walls = walls[1:]   # the first round warms the page cache
    typst_median, typst_min, typst_max = statistics.median(walls), min(walls), max(walls)
    # Typst's process wall time too (Python's start and `import typst` included), for the record.
    typst_cmd = [PYTHON, "-c", "import sys, typst; typst.compile(sys.argv[1], output=sys.argv[2], font_paths=[sys.argv[3]], "
                 "ignore_system_fonts=True)", typ, theirs, fonts]
    typst_process = summarise(run_alternating({"typst": typst_cmd}, runs)["typst"])
    # Parity: each page of each PDF at the canvas's dpi against collage's PNG of the page.
    pngs = os.path.join(book, "png")
    os.makedirs(pngs, exist_ok=True)
    subprocess.run([COLLAGE, "render", doc, "-o", os.path.join(pngs, "page-${page}.png")], check=True,
                   stdout=subprocess.DEVNULL)
    parity = {"collage": [], "Typst": []}
    for n in range(1, len(photos) + 1):
        ref = np.asarray(Image.open(os.path.join(pngs, "page-%d.png" % n)).convert("RGB"), dtype=np.float64)
        for name, pdf in (("collage", ours), ("Typst", theirs)):
            page = pdf_page_png(pdf, n, PDF_PAGE["dpi"], os.path.join(book, "%s-%d" % (name, n)))[:ref.shape[0], :ref.shape[1]]
            mse = float(np.mean((page - ref) ** 2))
            parity[name].append(math.inf if mse == 0 else 10 * math.log10(255.0 ** 2 / mse))
    sizes = {"collage": os.path.getsize(ours), "Typst": os.path.getsize(theirs)}
    jpegs = sum(os.path.getsize(os.path.realpath(p)) for p in set(photos))
    version = subprocess.run([PYTHON, "-c", "import typst; print(typst.__version__)"], capture_output=True, text=True).stdout.strip()
    say("## PDF (issue 44)")
    say()
    say("A 12-page 6 x 6 in photo book at 150 dpi: on each page one of the corpus's camera photos contained in a "
        "780 x 680 px frame and a 28 px DejaVu Sans caption; the same placements written by collage (`render -o "
        "book.pdf --pdf-max-ppi 10000`, so that every JPEG passes through) and by Typst %s (PyPI `typst`, "
        "`image(fit: \"contain\")`, its one compile timed in a fresh process: Python's start and the import not timed), %d "
        "rounds after one untimed. The 11 distinct JPEGs are %d bytes. Parity: pdftoppm of every page at 150 dpi against "
        "collage's own PNG render of the page (PSNR over RGB, min and median of the 12 pages)." % (version, runs, jpegs))
    say()
    say("| tool | median s | min–max s | peak RSS MiB | time / Typst | file bytes | size / Typst | parity min dB | parity median dB |")
    say("|---|---|---|---|---|---|---|---|---|")
    rows = [("collage", stats["median"], stats["min"], stats["max"], "%.0f" % stats["rss"]),
            ("Typst (compile, fresh process)", typst_median, typst_min, typst_max, "-"),
            ("Typst (python process)", typst_process["median"], typst_process["min"], typst_process["max"],
             "%.0f" % typst_process["rss"])]
    for name, median, low, high, rss in rows:
        key = "Typst" if name.startswith("Typst") else "collage"
        say("| %s | %.3f | %.3f–%.3f | %s | %.2f | %d | %.3f | %.2f | %.2f |" % (
            name, median, low, high, rss, median / typst_median, sizes[key], sizes[key] / sizes["Typst"],
            min(parity[key]), statistics.median(parity[key])))
    say()
    ratio = stats["median"] / typst_median
    size_ratio = sizes["collage"] / sizes["Typst"]
    targets.set("pdf-wall", "%.2fx (%.3f s against Typst's in-process %.3f s)" % (ratio, stats["median"], typst_median),
                ratio <= 0.5)
    targets.set("pdf-size", "%.3fx (%d against %d bytes)" % (size_ratio, sizes["collage"], sizes["Typst"]),
                size_ratio <= 1.0)
    say("Targets of issue 44: wall time %.2fx Typst's (target <= 0.5), file size %.3fx Typst's (target <= 1). "
        "Both write the captions as text in a subset font (collage: issue 45). Parity is against collage's PNG: "
        "poppler draws each glyph at a whole device pixel, which costs text pages a few dB." % (ratio, size_ratio))
    say()

if __name__ == "__main__":
    main()
