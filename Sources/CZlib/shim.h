#ifndef STORAGE_RULES_CZLIB_SHIM_H
#define STORAGE_RULES_CZLIB_SHIM_H
// zlib, for the emulator's decompressive transcoding of gzip objects.
#include <zlib.h>
#endif
