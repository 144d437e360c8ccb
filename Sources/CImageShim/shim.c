#include "CImageShim.h"
int collage_shim_version(void) { return 1; }
