#ifndef STORAGE_RULES_CGLIBCMALLOC_SHIM_H
#define STORAGE_RULES_CGLIBCMALLOC_SHIM_H
// glibc's allocator settings (`mallopt`), which Swift's Glibc module does not
// export. Other C libraries have no such header; the module is then empty.
#if defined(__linux__) && __has_include(<malloc.h>)
#include <malloc.h>
#endif
#endif
