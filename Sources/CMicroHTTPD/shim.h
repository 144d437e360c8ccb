// libmicrohttpd 0.9.75 (Debian libmicrohttpd-dev, pkg-config libmicrohttpd):
// the HTTP stack of `collage serve`. Its header only: the library is
// dlopen'ed by CHTTPShim (mhd_library.c), whose collage_mhd_* functions
// Swift calls; a call of an MHD_* function itself would not link.
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// Enumerators of libmicrohttpd's closed enums, as Swift sees them.
static const enum MHD_Result collage_mhd_yes = MHD_YES;
static const enum MHD_Result collage_mhd_no = MHD_NO;
static const enum MHD_ValueKind collage_mhd_header_kind = MHD_HEADER_KIND;
static const enum MHD_ResponseMemoryMode collage_mhd_must_copy = MHD_RESPMEM_MUST_COPY;
