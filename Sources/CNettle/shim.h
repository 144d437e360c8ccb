// Nettle (Debian nettle-dev, pkg-config nettle): HMAC-SHA256 for the signed
// URLs of `collage serve` (URLSignature). Nothing else of it is used.
#include <nettle/hmac.h>
#include <nettle/sha2.h>
