import Glibc

/// Photo globs (`src: "photos/*.jpg"`): POSIX `glob(3)` patterns (`*`, `?`,
/// `[…]`) matched against the file system, regular files only, sorted by
/// name (byte order of the path, so "img10" follows "img1" and precedes "img2").
///
/// File names mean files (docs/format.md "Photo globs"): a `src` that names
/// an existing file (or folder, FIFO, ...) is that path, whatever characters
/// it holds; it is a pattern only when nothing has that exact name and it
/// holds an unescaped `*`, `?` or `[`. A backslash escapes the next
/// character (`a\[1\].jpg`, as glob(3) reads it), and so does a bracket
/// (`a[[]1].jpg`); a `src` whose only glob characters are escaped names the
/// one file its unescaped text names.
enum PhotoGlob {
    /// How a photo `src` is read.
    enum Reading: Equatable {
        /// One file at this absolute path (which may be missing or not a regular file).
        case file(String)
        /// A pattern (absolute) to expand.
        case pattern(String)
    }

    /// Reads `src`, resolved against `base` (absolute); `kind` answers what is at a path.
    static func reading(_ src: String, against base: String,
                        kind: (String) -> FileSystem.Kind) -> Reading {
        let literal = PathResolver.resolve(src, against: base)
        if kind(literal) != .missing { return .file(literal) }
        if hasUnescapedMetacharacter(src) { return .pattern(literal) }
        return .file(PathResolver.resolve(unescaped(src), against: base))
    }

    /// True when `src` holds a `*`, `?` or `[` not preceded by a backslash.
    static func hasUnescapedMetacharacter(_ src: String) -> Bool {
        var escaped = false
        for scalar in src.unicodeScalars {
            if escaped { escaped = false; continue }
            switch scalar {
            case "\\": escaped = true
            case "*", "?", "[": return true
            default: break
            }
        }
        return false
    }

    /// `src` with each backslash escape replaced by the character it escapes.
    static func unescaped(_ src: String) -> String {
        var result = String.UnicodeScalarView()
        var escaped = false
        for scalar in src.unicodeScalars {
            if !escaped && scalar == "\\" { escaped = true; continue }
            escaped = false
            result.append(scalar)
        }
        if escaped { result.append("\\") }
        return String(result)
    }

    /// The regular files matching `pattern` (absolute), sorted by path bytes.
    static func expand(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard glob(pattern, 0, nil, &result) == 0 else { return [] }
        var paths: [String] = []
        for index in 0..<Int(result.gl_pathc) {
            guard let raw = result.gl_pathv[index] else { continue }
            var info = stat()
            guard stat(raw, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            paths.append(String(cString: raw))
        }
        return paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
