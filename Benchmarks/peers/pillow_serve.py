"""Issue 42's peer: the batch card (peers/pillow_batch.py's drawing, the
same 1200x630 JPEG q90 4:2:0: a photo in a 24 px padded cell, `cover` with
focus (0.5, 0.4), a translucent rounded band, an 84 px title, a 28 px
"row / 6") served by a WSGI app under gunicorn, one worker process per core,
as an expert would write it:

- each worker opens and decodes its photo once (DCT `draft` to the smallest
  scale that still covers the cell, EXIF transpose) and keeps it, and keeps
  its fonts (libraqm layout); per request it resamples the cell (Lanczos
  over the fractional crop box, `reducing_gap=2.0`), draws the band and the
  text and encodes the JPEG, as collage does with its decoded photo kept;
- no framework: a bare WSGI callable.

    gunicorn -w 2 -b 127.0.0.1:9000 --chdir Benchmarks/peers pillow_serve:app
    GET /card.jpg?title=...  (PHOTO, FONT, SMALL_FONT from the environment)
"""
import functools
import io
import os
from urllib.parse import parse_qs

from PIL import Image

from pillow_batch import H, PAD, W, compose, decode, font

PHOTO = os.environ["PEER_PHOTO"]
FONT = (os.environ["PEER_FONT"], int(os.environ.get("PEER_FONT_INDEX", "0")))
SMALL = (os.environ.get("PEER_SMALL_FONT", FONT[0]), int(os.environ.get("PEER_SMALL_FONT_INDEX", "0")))


@functools.lru_cache(maxsize=None)
def photo():
    """The decoded photo (upright, DCT-reduced) and its crop box: once per worker."""
    im, box = decode(PHOTO)
    im.load()
    return im, box


def card(title):
    im, box = photo()
    cell = im.resize((W - 2 * PAD, H - 2 * PAD), Image.LANCZOS, box=box, reducing_gap=2.0)
    canvas = compose(cell, title, font(FONT[0], FONT[1], 84), "#ffffff", 1, SMALL)
    out = io.BytesIO()
    canvas.save(out, "JPEG", quality=90, subsampling=2)
    return out.getvalue()


def app(environ, start_response):
    query = parse_qs(environ.get("QUERY_STRING", ""))
    body = card(query.get("title", ["Hello"])[0])
    start_response("200 OK", [("Content-Type", "image/jpeg"), ("Content-Length", str(len(body)))])
    return [body]
