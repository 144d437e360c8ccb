// libqrencode (Debian libqrencode-dev, pkg-config libqrencode): QR code symbols for the qrcode overlay kind.
#include <qrencode.h>
