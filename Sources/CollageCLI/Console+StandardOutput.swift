#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Failed writes to standard output, reported as coreutils' `close_stdout`
/// does: whatever the command wrote, a write to fd 1 that failed (a full
/// disk, `/dev/full`, a closed descriptor, a reader that went away) ends the
/// process with exit status 1 and one line on stderr,
/// `error: cannot write standard output: <strerror>`.
///
/// SIGPIPE is ignored, so a reader that exits early (`collage ... -o - |
/// head -c 10`) gives the write EPIPE ("Broken pipe") and that same message
/// and status instead of a silent death by signal. (collage starts no child
/// process, which would inherit the ignored SIGPIPE.)
extension Console {
    /// errno of the first failed write to fd 1, or 0.
    private static let failure = Atomic<Int32>(0)

    static var standardOutputFailure: Int32 { failure.load(ordering: .acquiring) }

    static func recordStandardOutputFailure(_ code: Int32) {
        _ = failure.compareExchange(expected: 0, desired: code, ordering: .acquiringAndReleasing)
    }

    /// Run first, before anything opens a file: ignores SIGPIPE, and puts
    /// `/dev/null` on a closed fd 0, 1 or 2, opened for the wrong direction
    /// (stdin write-only, stdout and stderr read-only) so that reading or
    /// writing them still fails with EBADF as on a closed descriptor, while
    /// no file the program opens later (a photo, a temporary output) can
    /// take their number and receive what was meant for the terminal.
    static func prepareStandardStreams() {
        signal(SIGPIPE, SIG_IGN)
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY))
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }

    /// `status`, or `.failure` with the message on stderr when a write to
    /// standard output failed (a usage error keeps its 64).
    static func reportingStandardOutputFailure(_ status: ExitStatus) -> ExitStatus {
        let code = standardOutputFailure
        guard code != 0 else { return status }
        err("error: cannot write standard output: \(String(cString: strerror(code)))\n")
        return status == .success ? .failure : status
    }
}
