"""The reference job in Pillow, written for speed as an expert would:
`draft` (libjpeg DCT scaling to the smallest scale that still covers the
cell), EXIF transpose, `resize(box=..., reducing_gap=2.0)` with Lanczos,
two threads (Pillow releases the GIL while decoding and resampling),
largest photo first. HEIC photos (issue 32's heic section) open through
pillow-heif, which applies their irot; with `toSRGB` in the job each cell is
converted from its ICC profile (Display P3 on an iPhone) to sRGB after the
resize (fewer pixels to convert), relative colorimetric, as collage does.

    python3 pillow_collage.py JOB.json
"""
import io
import json
import math
import sys
from concurrent.futures import ThreadPoolExecutor

from PIL import Image, ImageCms, ImageDraw, ImageFont, ImageOps

job = json.load(open(sys.argv[1]))
if any(p.lower().endswith((".heic", ".heif")) for p in job["photos"]):
    import pillow_heif
    pillow_heif.register_heif_opener()
SRGB = ImageCms.createProfile("sRGB")


def cover_box(ow, oh, cw, ch):
    """Centred cover window in oriented pixels (same rule as collage)."""
    if cw * oh >= ch * ow:
        w, h = ow, ch * ow / cw
    else:
        w, h = cw * oh / ch, oh
    return ((ow - w) / 2, (oh - h) / 2, w, h)


def make_cell(i):
    path = job["photos"][i]
    x, y, cw, ch = job["cells"][i]
    im = Image.open(path)
    icc = im.info.get("icc_profile")
    orientation = im.getexif().get(0x0112, 1)
    swap = orientation in (5, 6, 7, 8)
    sw, sh = im.size
    ow, oh = (sh, sw) if swap else (sw, sh)
    bx, by, bw, bh = cover_box(ow, oh, cw, ch)
    need = (math.ceil(ow * cw / bw), math.ceil(oh * ch / bh))
    im.draft("RGB", (need[1], need[0]) if swap else need)
    im = ImageOps.exif_transpose(im)
    fx, fy = im.width / ow, im.height / oh
    box = (bx * fx, by * fy, (bx + bw) * fx, (by + bh) * fy)
    cell = im.resize((cw, ch), Image.LANCZOS, box=box, reducing_gap=2.0)
    if job.get("toSRGB") and icc:
        cell = ImageCms.profileToProfile(cell, ImageCms.ImageCmsProfile(io.BytesIO(icc)), SRGB,
                                         renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB",
                                         flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    return i, cell if cell.mode == "RGB" else cell.convert("RGB")


def main():
    canvas = Image.new("RGB", tuple(job["canvas"]), (255, 255, 255))
    order = sorted(range(len(job["photos"])), key=lambda i: -job["sizes"][i])
    with ThreadPoolExecutor(max_workers=2) as pool:
        for i, cell in pool.map(make_cell, order):
            canvas.paste(cell, tuple(job["cells"][i][:2]))
    if job.get("caption"):
        cap = job["caption"]
        font = ImageFont.truetype(cap["fontFile"], cap["size"])
        draw = ImageDraw.Draw(canvas)
        draw.text((job["canvas"][0] / 2, job["canvas"][1] - cap["bottom"]), cap["text"], font=font,
                  fill=(255, 255, 255), anchor="md", stroke_width=cap["stroke"], stroke_fill=(0, 0, 0))
    if job["format"] == "png":
        canvas.save(job["output"], "PNG", compress_level=6)  # adaptive filters are Pillow's default
    else:
        canvas.save(job["output"], "JPEG", quality=90, subsampling=2)


main()
