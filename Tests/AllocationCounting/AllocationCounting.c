#include "AllocationCounting.h"

#include <stddef.h>
#include <stdlib.h>

#if defined(__GLIBC__)

// glibc's allocator under its own name, so that this file's `malloc` can
// count and forward. `free` stays glibc's: both sides use one allocator.
extern void *__libc_malloc(size_t size);

static _Thread_local long allocationsOnThisThread;

void *malloc(size_t size) {
    allocationsOnThisThread += 1;
    return __libc_malloc(size);
}

long allocation_counting_count(void) { return allocationsOnThisThread; }

#else

long allocation_counting_count(void) { return -1; }

#endif
