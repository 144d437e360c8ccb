import Collage
import CollageTestSupport
import Foundation
import XCTest
@testable import CollageServe

/// URL paths to templates: found under the root, every way out refused.
final class TemplatePathTests: XCTestCase {
    func testTraversalSetIsRefusedAndTemplatesAreFound() throws {
        let base = try TestPackage.temporaryDirectory(self)
        let root = base.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cards"), withIntermediateDirectories: true)
        try "version: 1\n".write(to: root.appendingPathComponent("cards/og.yaml"), atomically: true, encoding: .utf8)
        try "{}".write(to: root.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        try "version: 1\n".write(to: base.appendingPathComponent("secret.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("out.yaml").path,
                                                   withDestinationPath: base.appendingPathComponent("secret.yaml").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("dir").path, withDestinationPath: base.path)
        let policy = try PathPolicy(root: root.path)

        let found = try XCTUnwrap(TemplatePath.resolve("/cards/og.jpg", root: policy))
        XCTAssertEqual(found.name, "cards/og.yaml")
        XCTAssertEqual(found.format, .jpeg)
        XCTAssertEqual(found.folder, policy.root + "/cards")
        XCTAssertEqual(TemplatePath.resolve("/b.webp", root: policy)?.name, "b.json")
        XCTAssertEqual(TemplatePath.resolve("/cards/o%67.png", root: policy)?.format, .png)
        for path in ["/../secret.jpg", "/cards/../../secret.jpg", "/%2e%2e/secret.jpg", "/%2E%2E/secret.jpg",
                     "/cards/%2e%2e/%2e%2e/secret.jpg", "/..%2fsecret.jpg", "/cards%2f..%2f..%2fsecret.jpg",
                     "//etc/passwd.jpg", "/out.jpg", "/dir/secret.jpg", "/cards/og.gif", "/cards/og", "/cards/.jpg",
                     "/cards/og.yaml", "/missing.jpg", "/cards/og%00.jpg", "/cards/og.jpg/", "/.hidden.jpg", "/cards/./og.jpg"] {
            XCTAssertNil(TemplatePath.resolve(Substring(path), root: policy), path)
        }
    }

    func testETagConditionMatching() {
        let tag = "\"abc\""
        XCTAssertTrue(ServeHandler.matches("\"abc\"", tag))
        XCTAssertTrue(ServeHandler.matches("\"x\", W/\"abc\"", tag))
        XCTAssertTrue(ServeHandler.matches("*", tag))
        XCTAssertFalse(ServeHandler.matches("\"abcd\"", tag))
        XCTAssertFalse(ServeHandler.matches("abc", tag))
    }

    func testResultCacheEvictsTheLeastRecentlyUsed() {
        let cache = ResultCache(capacity: 10)
        cache.store("a", bytes: [1, 2, 3, 4], contentType: "image/png")
        cache.store("b", bytes: [1, 2, 3, 4], contentType: "image/png")
        XCTAssertNotNil(cache.lookup("a"))
        cache.store("c", bytes: [1, 2, 3, 4], contentType: "image/png")
        XCTAssertNil(cache.lookup("b"), "b was the least recently used")
        XCTAssertEqual(cache.lookup("a")?.bytes, [1, 2, 3, 4])
        cache.store("big", bytes: Array(repeating: 0, count: 11), contentType: "image/png")
        XCTAssertNil(cache.lookup("big"), "larger than the cache: not stored")
        let stats = cache.statistics
        XCTAssertEqual(stats.bytes, 8)
        XCTAssertEqual(stats.entries, 2)
        XCTAssertEqual(stats.hits, 2)
        XCTAssertEqual(stats.misses, 2)
    }

    func testDiagnosticsBodyHasNoAbsolutePath() {
        let diagnostic = Diagnostic(.pathOutsideRoot, at: SourceLocation(file: "/srv/root/cards/og.yaml", line: 3, column: 5),
                                    "'../x.jpg' is outside the allowed root '/srv/root'",
                                    notes: ["resolves to /srv/x.jpg", "see /srv/root/cards/x.jpg"])
        let json = DiagnosticsBody.json([diagnostic], roots: ["/srv/root"], document: "cards/og.yaml")
        XCTAssertEqual(json, """
        [
          {
            "file": "cards/og.yaml",
            "line": 3,
            "column": 5,
            "severity": "error",
            "kind": "pathOutsideRoot",
            "message": "'../x.jpg' is outside the allowed root '.'",
            "notes": [
              "see cards/x.jpg"
            ]
          }
        ]
        """)
    }
}
