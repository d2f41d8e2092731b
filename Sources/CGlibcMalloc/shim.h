#ifndef STORAGE_RULES_CGLIBCMALLOC_SHIM_H
#define STORAGE_RULES_CGLIBCMALLOC_SHIM_H
// glibc's allocator settings (`mallopt`), which Swift's Glibc module does not
// export, where a thread's heap lies, and moving a thread off a CPU (raw
// system calls, which Swift cannot call: `syscall` is variadic). Other C
// libraries have no such header; the module is then empty.
#if defined(__linux__) && __has_include(<malloc.h>)
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__GLIBC__)
/// The size of a glibc thread arena's heap, which is also its alignment:
/// glibc's `HEAP_MAX_SIZE`, twice the largest mmap threshold (64 MiB on
/// 64-bit targets).
static inline uintptr_t storage_rules_thread_heap_size(void) {
    return (uintptr_t)2 * 4 * 1024 * 1024 * sizeof(long);
}

/// The start of the heap the calling thread's small allocations come from,
/// or 0 when they come from the main arena (the `brk` heap, which has no
/// fixed size or alignment). A block of a thread arena has the
/// `NON_MAIN_ARENA` bit (4) set in the size word before it, and lies in a
/// heap aligned to its size.
static inline uintptr_t storage_rules_thread_heap(void) {
    void *probe = malloc(1);
    if (probe == NULL) return 0;
    uintptr_t address = (uintptr_t)probe;
    // Hidden from the optimizer, which may treat a read before a block
    // `malloc` returned as undefined and fold it to anything.
    __asm__ volatile("" : "+r"(address));
    size_t header = *(const volatile size_t *)(address - sizeof(size_t));
    free(probe);
    if ((header & 4) == 0) return 0;
    return address & ~(storage_rules_thread_heap_size() - 1);
}

#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/// The CPU the calling thread runs on, or -1 when the kernel does not say.
static inline int storage_rules_current_cpu(void) {
    unsigned cpu = 0;
    if (syscall(SYS_getcpu, &cpu, NULL, NULL) != 0) return -1;
    return (int)cpu;
}

/// Moves the calling thread off `cpu` when it runs there and may run on
/// another CPU, then lets it run wherever it could before: the kernel
/// migrates a thread at once when its CPU leaves its affinity, and keeps it
/// where it is when the affinity widens again. Nothing stays pinned.
static inline void storage_rules_leave_cpu(int cpu) {
    enum { words = 1024 / (8 * sizeof(unsigned long)) };
    const int bits = 8 * (int)sizeof(unsigned long);
    if (cpu < 0 || cpu >= words * bits || storage_rules_current_cpu() != cpu) return;
    unsigned long allowed[words];
    memset(allowed, 0, sizeof allowed);
    if (syscall(SYS_sched_getaffinity, 0, sizeof allowed, allowed) <= 0) return;
    unsigned long others[words];
    memcpy(others, allowed, sizeof allowed);
    others[cpu / bits] &= ~(1UL << (cpu % bits));
    int elsewhere = 0;
    for (int word = 0; word < words; word++) elsewhere |= others[word] != 0;
    if (!elsewhere || syscall(SYS_sched_setaffinity, 0, sizeof others, others) != 0) return;
    syscall(SYS_sched_setaffinity, 0, sizeof allowed, allowed);
}
#endif
#endif
#endif
