#if canImport(Glibc)
import Glibc
#endif

/// `collage watch --serve --editor 'code -g {file}:{line}:{column}'`: the
/// command the preview runs when a node is clicked.
///
/// The template is split into words once, as a POSIX shell splits a simple
/// command (blanks separate words; `'…'` keeps everything literally; `"…"`
/// keeps blanks, with `\"`, `\\`, `\$` and `` \` `` escaped; `\` outside
/// quotes escapes the next character), but nothing else of a shell applies:
/// no variables, globs, pipes or redirections. `{file}`, `{line}` and
/// `{column}` are then replaced inside each word, so a file name with blanks
/// or quotes stays one argument. The program is found on `PATH` and started
/// with `posix_spawnp`, never through a shell; its standard input is
/// `/dev/null`, its output goes where collage's goes, and it is not waited for.
public struct EditorCommand: Sendable, Equatable {
    /// The words of the template, placeholders still in them.
    public let words: [String]

    /// Why a template cannot be used.
    public struct Invalid: Error, Sendable, Equatable { public var message: String }

    /// - Throws: `Invalid` for an empty template, an unclosed quote or a
    ///   trailing `\`.
    public init(_ template: String) throws(Invalid) {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in template {
            if escaped {
                if quote == "\"", !"\"\\$`".contains(character) { word.append("\\") }
                word.append(character); escaped = false; inWord = true
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""): quote = nil
            case ("'", _): word.append(character)
            case (_, "\\"): escaped = true
            case ("\"", _): word.append(character)
            case (nil, "'"), (nil, "\""): quote = character; inWord = true
            case (nil, " "), (nil, "\t"), (nil, "\n"):
                if inWord { words.append(word); word = ""; inWord = false }
            default: word.append(character); inWord = true
            }
        }
        if escaped { throw Invalid(message: "--editor ends with a '\\' that escapes nothing") }
        if let quote { throw Invalid(message: "--editor has an unclosed \(quote) quote") }
        if inWord { words.append(word) }
        guard let first = words.first, !first.isEmpty else {
            throw Invalid(message: "--editor needs a command, e.g. 'code -g {file}:{line}:{column}'")
        }
        self.words = words
    }

    /// Why the program (the first word) cannot be started, or nil: a name
    /// without `/` must be an executable file in a folder of `PATH` (as
    /// `posix_spawnp` searches it), a path must name an executable file.
    /// Checked when the flag is read, so a typo is a usage error at start
    /// rather than a failure at the first click.
    public var programProblem: String? {
        let program = words[0]
        if program.contains("/") {
            var status = stat()
            let file = stat(program, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
            return file && access(program, X_OK) == 0 ? nil : "--editor: '\(program)' is not an executable file"
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            var status = stat()
            if stat(candidate, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 { return nil }
        }
        return "--editor: '\(program)' is not found on PATH; install it or give its full path"
    }

    /// The argument vector for a location: each word with `{file}`, `{line}`
    /// and `{column}` replaced (the file as given, lines and columns 1-based).
    public func arguments(file: String, line: Int, column: Int) -> [String] {
        words.map { word in
            // One pass, so a file name that holds "{line}" is not replaced again.
            var out = ""
            var rest = Substring(word)
            while let open = rest.firstIndex(of: "{") {
                out += rest[..<open]
                let tail = rest[open...]
                if tail.hasPrefix("{file}") { out += file; rest = tail.dropFirst(6) }
                else if tail.hasPrefix("{line}") { out += String(line); rest = tail.dropFirst(6) }
                else if tail.hasPrefix("{column}") { out += String(column); rest = tail.dropFirst(8) }
                else { out += "{"; rest = tail.dropFirst() }
            }
            return out + rest
        }
    }

    /// Starts the command for a location; returns its pid, or the system's
    /// reason it could not start. The child is reaped by a thread of its own.
    public func run(file: String, line: Int, column: Int) -> Result<Int32, Invalid> {
        let argv = arguments(file: file, line: line, column: column)
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard status == 0 else {
            return .failure(Invalid(message: "cannot run '\(argv[0])': \(String(cString: strerror(status)))"))
        }
        EditorCommand.reap(pid)
        return .success(pid)
    }

    /// Waits for `pid` on a detached thread, so no zombie is left.
    private static func reap(_ pid: pid_t) {
        let box = UnsafeMutablePointer<pid_t>.allocate(capacity: 1)
        box.initialize(to: pid)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            let box = raw!.assumingMemoryBound(to: pid_t.self)
            var status: Int32 = 0
            while waitpid(box.pointee, &status, 0) < 0 && errno == EINTR {}
            box.deallocate()
            return nil
        }, box)
        if started == 0 { pthread_detach(thread) } else { box.deallocate() }
    }
}
