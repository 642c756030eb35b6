#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

// zlib from Debian's zlib1g-dev: only crc32() is used (hashing.crc32).
#include <zlib.h>

#endif
