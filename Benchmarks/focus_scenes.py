"""Issue 40's cut-face table, measured with the release `collage` binary.

The composed scenes of Tests/CollageFocusTests/FaceScenes.swift (head chips of
Tests/Fixtures/faces/astronaut.png at known positions, scales and mirrorings on a 1000x750 field with a soft
gradient), composed here the same way, written as PNG, and laid out by `collage layout --json` in a 1:1, a 9:16 and
a 16:9 cell with the centred window, `focus: auto` and `focus: faces`. A face counts as cut when its composed box
is not wholly inside the crop window. Also renders the README's strips (docs/focus/).
"""
import json
import os
import subprocess

import numpy as np
from PIL import Image

W, H = 1000, 750
CHIP = (176, 72, 98, 106)          # x, y, width, height of the chip cut from the 512x512 photo
FACE = (188, 86, 73)               # the face in the photo (OpenCV's frontal detection): x, y, size


def chip(x, y, scale, mirrored=False):
    return (x, y, scale, mirrored)


# The several-face scenes keep their faces within 351 x 545 px: they fit a 9:16 and a 16:9 window.
SCENES = [
    ("one-centre", [chip(372, 237, 2.6)]),
    ("corner-top-left", [chip(0, 0, 2.2)]),
    ("corner-top-right", [chip(784, 0, 2.2, True)]),
    ("corner-bottom-left", [chip(0, 517, 2.2)]),
    ("corner-bottom-right", [chip(784, 517, 2.2, True)]),
    ("edge-top", [chip(392, 0, 2.2)]),
    ("edge-bottom", [chip(392, 517, 2.2, True)]),
    ("edge-left", [chip(0, 258, 2.2)]),
    ("edge-right", [chip(784, 258, 2.2, True)]),
    ("two", [chip(300, 200, 2.2), chip(487, 190, 2.4, True)]),
    ("three", [chip(300, 150, 2.2), chip(487, 150, 2.2, True), chip(400, 342, 2.2)]),
    ("six", [chip(300 + 187 * (i % 2), 40 + 192 * (i // 2), 2.2, i % 2 == 1) for i in range(6)]),
]
ASPECTS = [("1:1", 600, 600), ("9:16", 450, 800), ("16:9", 800, 450)]


def half_up(v):
    return int(np.floor(v + 0.5))


def faces(chips):
    out = []
    for (cx, cy, s, mirrored) in chips:
        size = half_up(FACE[2] * s)
        chip_w = half_up(CHIP[2] * s)
        x = half_up((FACE[0] - CHIP[0]) * s)
        if mirrored:
            x = chip_w - x - size
        out.append((cx + x, cy + half_up((FACE[1] - CHIP[1]) * s), size, size))
    return out


def compose(chips, astronaut):
    t = np.arange(H, dtype=np.float64)[:, None] / (H - 1)
    scene = np.zeros((H, W, 3), np.uint8)
    for c, (a, b) in enumerate([(118, 32), (124, 22), (132, 8)]):
        scene[:, :, c] = np.broadcast_to((a + b * t).astype(np.uint8), (H, W))
    src = astronaut.astype(np.float64)
    for (cx, cy, s, mirrored) in chips:
        w, h = half_up(CHIP[2] * s), half_up(CHIP[3] * s)
        dx = np.arange(w)
        dy = np.arange(h)
        ddx = (w - 1 - dx) if mirrored else dx
        sx = CHIP[0] + np.clip((ddx + 0.5) / s - 0.5, 0, CHIP[2] - 1)
        sy = CHIP[1] + np.clip((dy + 0.5) / s - 0.5, 0, CHIP[3] - 1)
        x0 = sx.astype(int); y0 = sy.astype(int)
        fx = (sx - x0)[None, :, None]; fy = (sy - y0)[:, None, None]
        x1 = np.minimum(x0 + 1, 511); y1 = np.minimum(y0 + 1, 511)
        p = lambda ys, xs: src[np.minimum(ys, 511)[:, None], np.minimum(xs, 511)[None, :], :3]
        v = (p(y0, x0) * (1 - fx) + p(y0, x1) * fx) * (1 - fy) + (p(y1, x0) * (1 - fx) + p(y1, x1) * fx) * fy
        tw, th = min(w, W - cx), min(h, H - cy)
        scene[cy:cy + th, cx:cx + tw] = np.clip(np.floor(v[:th, :tw] + 0.5), 0, 255).astype(np.uint8)
    return scene


def layout_crop(collage, folder, scene_png, width, height, focus):
    doc = os.path.join(folder, "cut.yaml")
    with open(doc, "w") as f:
        f.write("version: 1\ncanvas: {width: %d, height: %d}\nphotos: [%s]\n%s" % (
            width, height, json.dumps(scene_png), "layout: {focus: %s}\n" % focus if focus else ""))
    out = subprocess.run([collage, "layout", doc, "--json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["photos"][0]["crop"]


def inside(face, crop):
    x, y, w, h = face
    return x >= crop["x"] - 1e-9 and y >= crop["y"] - 1e-9 and x + w <= crop["x"] + crop["width"] + 1e-9 \
        and y + h <= crop["y"] + crop["height"] + 1e-9


def cut_face_table(collage, root, folder):
    """{strategy: [cut at 1:1, 9:16, 16:9]}, the number of faces, and the scene files."""
    astronaut = np.asarray(Image.open(os.path.join(root, "Tests", "Fixtures", "faces", "astronaut.png")).convert("RGB"))
    cuts = {name: [0, 0, 0] for name in ("centre", "auto", "faces")}
    total = 0
    files = {}
    for name, chips in SCENES:
        path = os.path.join(folder, "scene-%s.png" % name)
        Image.fromarray(compose(chips, astronaut)).save(path)
        files[name] = path
        boxes = faces(chips)
        total += len(boxes)
        for column, (_, w, h) in enumerate(ASPECTS):
            for strategy, focus in (("centre", None), ("auto", "auto"), ("faces", "faces")):
                crop = layout_crop(collage, folder, path, w, h, focus)
                cuts[strategy][column] += sum(1 for b in boxes if not inside(b, crop))
    return cuts, total, files


def strips(collage, files, out_folder, scenes=("corner-top-right", "edge-left")):
    """For each scene, a strip of three 9:16 renders (centre, auto, faces) side by side, 135x240 each, with a 4 px gap."""
    os.makedirs(out_folder, exist_ok=True)
    written = []
    for name in scenes:
        doc = os.path.join(out_folder, "strip.yaml")
        photos = "\n".join("  - {src: %s%s}" % (json.dumps(files[name]), ", focus: %s" % f if f else "") for f in (None, "auto", "faces"))
        with open(doc, "w") as f:
            f.write("version: 1\ncanvas: {width: 413, height: 240, background: \"#ffffff\"}\noutput: {quality: 80}\n"
                    "photos:\n%s\nlayout: {kind: grid, columns: 3, gap: 4}\n" % photos)
        target = os.path.join(out_folder, "strip-%s.jpg" % name)
        subprocess.run([collage, "render", doc, "-o", target], check=True, capture_output=True)
        os.remove(doc)
        written.append(target)
    return written


if __name__ == "__main__":
    import sys
    import tempfile
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    collage = os.path.join(root, ".build", "release", "collage")
    folder = tempfile.mkdtemp(prefix="focus-scenes-")
    cuts, total, files = cut_face_table(collage, root, folder)
    print("| crop | 1:1 | 9:16 | 16:9 |\n|---|---|---|---|")
    for name in ("centre", "auto", "faces"):
        print("| %s | %s |" % (name, " | ".join("%d of %d" % (c, total) for c in cuts[name])))
    if "--strips" in sys.argv:
        print(strips(collage, files, os.path.join(root, "docs", "focus")))
