"""A harness job (the reference job, its variants, the posters) in libvips
(pyvips), written as an expert would: `thumbnail` per photo from its file
(JPEG shrink-on-load, EXIF auto-rotate, centred crop; `thumbnail` opens the
file for sequential access itself), `arrayjoin` with the gap as `shim`,
`embed` for the padding; with `toSRGB` in the job (issue 32's HEIC photos, Display
P3) `thumbnail` converts each photo from its ICC profile to sRGB itself, all lazy: one pipeline, no copies, evaluated by
`jpegsave` / `pngsave` in strips; the caption composited as a white text mask
over its dilation (the stroke) in black; libvips threads itself over all cores.

    python3 vips_collage.py JOB.json
"""
import json
import sys

import pyvips

job = json.load(open(sys.argv[1]))
columns = job["columns"]
# arrayjoin fills rows left to right: take the cells in row-major order.
order = sorted(range(len(job["cells"])), key=lambda i: (job["cells"][i][1], job["cells"][i][0]))
profile = {"export_profile": "srgb"} if job.get("toSRGB") else {}
tiles = [pyvips.Image.thumbnail(job["photos"][i], job["cells"][i][2], height=job["cells"][i][3], crop="centre",
                                **profile)
         for i in order]
grid = pyvips.Image.arrayjoin(tiles, across=columns, shim=job["gap"], background=[255, 255, 255])
pad = job["padding"]
canvas = grid.embed(pad, pad, job["canvas"][0], job["canvas"][1], extend="background", background=[255, 255, 255])
if job.get("caption"):
    cap = job["caption"]
    mask = pyvips.Image.text(cap["text"], font=f"DejaVu Sans {cap['size']}px", fontfile=cap["fontFile"], dpi=72)
    x = (job["canvas"][0] - mask.width) // 2
    y = job["canvas"][1] - cap["bottom"] - mask.height
    mask = mask.embed(x, y, canvas.width, canvas.height)
    r = cap["stroke"]
    if r:
        # A disc structuring element (128 = "any"); dilation grows the glyphs by r pixels.
        disc = [[255 if dx * dx + dy * dy <= r * r else 128 for dx in range(-r, r + 1)] for dy in range(-r, r + 1)]
        stroke = mask.morph(pyvips.Image.new_from_array(disc), "dilate")
        canvas = stroke.ifthenelse([0, 0, 0], canvas, blend=True)
    canvas = mask.ifthenelse([255, 255, 255], canvas, blend=True)
if job["format"] == "png":
    canvas.pngsave(job["output"], compression=6, filter="all")
else:
    canvas.jpegsave(job["output"], Q=90, subsample_mode="on", optimize_coding=True)
