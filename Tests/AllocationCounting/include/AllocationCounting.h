#ifndef ALLOCATION_COUNTING_H
#define ALLOCATION_COUNTING_H

/// Heap allocations (`malloc` calls, which every Swift heap object, array,
/// string and dictionary storage goes through) made on the calling thread
/// since the process started, or -1 where counting is not supported
/// (it needs glibc).
///
/// Linking this target into a test executable makes the executable's
/// `malloc` the process's: it counts, then forwards to glibc's allocator.
long allocation_counting_count(void);

#endif
