// libhyphen (Debian libhyphen-dev: no pkg-config file, so the module map
// links it by name) for CollageLayout's Hyphenator: the TeX-pattern
// hyphenation LibreOffice uses, with the hyphen-* dictionaries in
// /usr/share/hyphen/.
#include <hyphen.h>
