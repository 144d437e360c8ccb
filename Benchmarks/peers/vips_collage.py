"""The reference job in libvips (pyvips), written as an expert would:
`thumbnail` per photo (shrink-on-load, EXIF auto-rotate, centred crop),
`arrayjoin` with the gap as `shim`, `embed` for the padding, the caption
composited as a white text mask (no stroke: the job runs without one while
collage lacks `stroke`); libvips threads itself over all cores.

    python3 vips_collage.py JOB.json
"""
import json
import sys

import pyvips

job = json.load(open(sys.argv[1]))
columns = job["columns"]
# arrayjoin fills rows left to right: take the cells in row-major order.
order = sorted(range(len(job["cells"])), key=lambda i: (job["cells"][i][1], job["cells"][i][0]))
tiles = [pyvips.Image.thumbnail(job["photos"][i], job["cells"][i][2], height=job["cells"][i][3], crop="centre")
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
    canvas = mask.ifthenelse([255, 255, 255], canvas, blend=True)
if job["format"] == "png":
    canvas.pngsave(job["output"], compression=6, filter="all")
else:
    canvas.jpegsave(job["output"], Q=90, subsample_mode="on", optimize_coding=True)
