// The `collage` command: argument parsing and printing only; the work is in `Collage`.
#if canImport(Glibc)
import Glibc
#endif

exit(CommandLine.run(Array(CommandLine.arguments.dropFirst())).rawValue)
