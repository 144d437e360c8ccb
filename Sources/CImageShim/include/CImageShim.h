#ifndef COLLAGE_CIMAGESHIM_H
#define COLLAGE_CIMAGESHIM_H
/* setjmp-based wrappers around libjpeg and libpng (Swift cannot call setjmp). */
int collage_shim_version(void);
#endif
