// Nettle (Debian nettle-dev, pkg-config nettle): HMAC-SHA256 for the signed
// URLs of `collage serve` (URLSignature), and SHA-256 for render stamps and
// PDF document IDs (Collage's SHA256).
#include <nettle/hmac.h>
#include <nettle/sha2.h>
