import Foundation
import XCTest

/// Where the tests of every target find the package, the built `collage`
/// binary, the pinned test fonts, the shared corpus and scratch folders:
/// the one place each of these is worked out (README "Tests").
public enum TestPackage {
    /// The package root (this file is Tests/CollageTestSupport/TestPackage.swift).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The private fontconfig configuration that pins the test fonts (Tests/fonts).
    public static let pinnedFonts = root.appendingPathComponent("Tests/fonts/fonts.conf")

    /// The `collage` executable built beside the test bundle (the build the
    /// tests run from), else `.build/debug/collage`.
    public static var binary: URL {
        let bundleDir = Bundle.main.bundleURL
        for dir in [bundleDir, bundleDir.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent("collage")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return root.appendingPathComponent(".build/debug/collage")
    }

    /// Where the corpus is looked for: `COLLAGE_CORPUS` when set (a folder,
    /// or a path that does not exist, which means no corpus: a clone without
    /// one, `COLLAGE_CORPUS=/nonexistent scripts/test`), else
    /// `../shared/corpus` beside the checkout.
    public static var corpusLocation: URL {
        if let path = ProcessInfo.processInfo.environment["COLLAGE_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL
        }
        return root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// The corpus folder (it has MANIFEST.md), or nil when absent.
    /// Never call it, `requireCorpus` or `corpusFile` inside an
    /// `XCTAssertThrowsError` expression: their `XCTSkip` would be taken for
    /// the expected error (scripts/check-corpus-lookups, run by scripts/test).
    public static var corpus: URL? {
        let url = corpusLocation
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("MANIFEST.md").path) ? url : nil
    }

    /// True under `CI=true`, where a missing corpus fails instead of skipping.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The corpus folder.
    /// - Throws: `XCTSkip` when it is absent, after a loud message; under
    ///   `CI=true` the test also fails (README "Rules": Tests).
    public static func requireCorpus(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        if let corpus { return corpus }
        try missing("CORPUS MISSING: no MANIFEST.md in \(corpusLocation.path) (COLLAGE_CORPUS, else ../shared/corpus); the corpus tests did not run",
                    file: file, line: line)
    }

    /// The absolute path of `relative` inside the corpus.
    /// - Throws: as `requireCorpus`, also when just this file is missing.
    public static func corpusFile(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = try requireCorpus(file: file, line: line).appendingPathComponent(relative).path
        if FileManager.default.fileExists(atPath: path) { return path }
        try missing("CORPUS FILE MISSING: \(path) (expected in the corpus, COLLAGE_CORPUS or ../shared/corpus)", file: file, line: line)
    }

    /// A fresh temporary folder named `prefix-UUID`, removed when `test` ends.
    public static func temporaryDirectory(_ test: XCTestCase, prefix: String = "collage-tests") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    static func missing(_ message: String, file: StaticString, line: UInt) throws -> Never {
        FileHandle.standardError.write(Data("\n*** \(message) ***\n\n".utf8))
        if isCI { XCTFail(message, file: file, line: line) }
        throw XCTSkip(message)
    }
}
