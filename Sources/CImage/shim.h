#include <stdio.h>
#include <stddef.h>
#include <jpeglib.h>
#include <png.h>
#include <libexif/exif-data.h>
#include <lcms2.h>
