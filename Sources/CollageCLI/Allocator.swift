// glibc's allocator controls (malloc.h is not part of the Glibc module).
#if canImport(Glibc)
import Glibc
#endif

/// glibc's `mallopt(3)`.
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// glibc's `malloc_trim(3)`: gives every arena's free pages back to the system.
@_silgen_name("malloc_trim") func malloc_trim(_ pad: Int) -> Int32

/// The allocator of `collage serve`, a process that runs for weeks: its
/// render threads each take a malloc arena, and `main`'s thresholds (a
/// 128 MiB trim threshold, so a batch reuses its freed photo buffers) let
/// every arena keep what its largest render freed. So the server caps the
/// arenas and gives free pages back on its housekeeping beat: its resident
/// memory then follows what is in use (the caches, the renders in flight),
/// and does not creep up as arenas fragment over hours.
enum ServeAllocator {
    /// At most `arenas` malloc arenas (`M_ARENA_MAX`; glibc's default is 8 a core).
    static func limitArenas(_ arenas: Int) {
        _ = mallopt(-8, Int32(max(1, min(arenas, 64))))   // M_ARENA_MAX
    }

    /// Gives free pages back to the system (`malloc_trim(0)`); a few ms at most.
    static func trim() {
        _ = malloc_trim(0)
    }
}

/// The allocator of `collage convert`: one photo, whose HEIF decode runs on
/// libheif's tile threads. Each of those would take a malloc arena of its
/// own and keep what its tiles freed there (`main`'s 128 MiB trim
/// threshold), beside the image's planes: one arena for the process cuts
/// the 12 MP iPhone HEIC's peak RSS from 75 to 66 MiB with the same CPU
/// time (issue 32; the pixels do not depend on it).
enum ConvertAllocator {
    /// One malloc arena (`M_ARENA_MAX`); before any thread starts.
    static func limitArenas() {
        ServeAllocator.limitArenas(1)
    }
}

