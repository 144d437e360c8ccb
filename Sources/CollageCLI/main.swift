// The `collage` command: argument parsing and printing only; the work is in `Collage`.
#if canImport(Glibc)
import Glibc
#endif

// Keep freed decode buffers (tens of MiB each) in the heap for the next photo
// instead of returning them to the kernel and faulting fresh zeroed pages in
// again: glibc would otherwise mmap/munmap every block over 32 MiB and trim
// the heap after each free. Cuts the page faults of a 3x3 render by about a
// third (measured with `perf stat -e page-faults`, Benchmarks/).
// <malloc.h> is not part of the Glibc module: glibc's mallopt and its
// parameter numbers M_TRIM_THRESHOLD (-1) and M_MMAP_THRESHOLD (-3).
@_silgen_name("mallopt") func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
_ = glibcMallopt(-3, 256 << 20)
_ = glibcMallopt(-1, 512 << 20)

exit(CommandLine.run(Array(CommandLine.arguments.dropFirst())).rawValue)
