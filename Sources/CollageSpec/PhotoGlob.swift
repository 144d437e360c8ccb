import Glibc

/// Photo globs (`src: "photos/*.jpg"`): POSIX `glob(3)` patterns (`*`, `?`,
/// `[…]`) matched against the file system, regular files only, sorted by
/// name (byte order of the path, so "img10" follows "img1" and precedes "img2").
enum PhotoGlob {
    /// True when `src` contains a glob metacharacter.
    static func isPattern(_ src: String) -> Bool {
        src.contains { $0 == "*" || $0 == "?" || $0 == "[" }
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
