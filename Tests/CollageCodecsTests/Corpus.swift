import XCTest

/// Locates `../shared/corpus` (relative to the package root) from this file's
/// path. When it is missing, tests skip with a loud message, except under
/// CI=true, where a missing corpus is a failure.
enum Corpus {
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)                        // Tests/CollageCodecsTests/Corpus.swift
        return parts.joined(separator: "/") + "/../shared/corpus"
    }()

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The absolute path of `relative` inside the corpus.
    /// - Throws: `XCTSkip` when the corpus is absent (an error under CI=true).
    static func path(_ relative: String) throws -> String {
        let full = root + "/" + relative
        if FileManager.default.fileExists(atPath: full) { return full }
        let message = "CORPUS FILE MISSING: \(full) (expected ../shared/corpus beside the package)"
        print("\n***** \(message) *****\n")
        if ProcessInfo.processInfo.environment["CI"] == "true" { throw Missing(description: message) }
        throw XCTSkip(message)
    }
}
