"""Issue 32's HEIC convert in Pillow with pillow-heif, as an expert would
write it: the HEIC opened through pillow-heif's opener (libheif applies the
file's irot/imir, so no EXIF transpose), its ICC profile (Display P3 on an
iPhone) converted to sRGB with LittleCMS (ImageCms, relative colorimetric,
as collage does), saved as JPEG q90 4:2:0.

    python3 pillow_heic_convert.py IN.heic OUT.jpg
"""
import io
import sys

import pillow_heif
from PIL import Image, ImageCms

pillow_heif.register_heif_opener()
im = Image.open(sys.argv[1])
icc = im.info.get("icc_profile")
if icc:
    im = ImageCms.profileToProfile(im, ImageCms.ImageCmsProfile(io.BytesIO(icc)), ImageCms.createProfile("sRGB"),
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB",
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
im.convert("RGB").save(sys.argv[2], "JPEG", quality=90, subsampling=2)
