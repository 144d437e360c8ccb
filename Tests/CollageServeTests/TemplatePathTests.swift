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

    func testResultCacheEvictsTheLeastRecentlyUsedCountingWholePages() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        // Room for two one-page results, not three.
        let cache = ResultCache(capacity: 2 * page + page / 2)
        cache.store("a", body: ResponseBody([1, 2, 3, 4]), contentType: "image/png")
        cache.store("b", body: ResponseBody([1, 2, 3, 4]), contentType: "image/png")
        XCTAssertNotNil(cache.lookup("a"))
        cache.store("c", body: ResponseBody([1, 2, 3, 4]), contentType: "image/png")
        XCTAssertNil(cache.lookup("b"), "b was the least recently used")
        let hit = try XCTUnwrap(cache.lookup("a"))
        XCTAssertEqual(hit.body.bytes, [1, 2, 3, 4])
        XCTAssertEqual(hit.body.count, 4)
        XCTAssertEqual(hit.contentType, "image/png")
        XCTAssertTrue(hit.body === cache.lookup("a")?.body, "a hit hands out the stored body, not a copy")
        cache.store("big", body: ResponseBody(Array(repeating: 0, count: 2 * page + 1)), contentType: "image/png")
        XCTAssertNil(cache.lookup("big"), "three pages, larger than the cache: not stored")
        cache.store("empty", body: ResponseBody([]), contentType: "image/png")
        XCTAssertNil(cache.lookup("empty"), "an empty body is not stored")
        let stats = cache.statistics
        XCTAssertEqual(stats.bytes, 2 * page, "4-byte results count a page each")
        XCTAssertEqual(stats.entries, 2)
        XCTAssertEqual(stats.hits, 3)
        XCTAssertEqual(stats.misses, 3)
    }

    func testResultCacheHitResponsesAreMadeOncePerVariant() throws {
        let cache = ResultCache(capacity: 1 << 20)
        let bytes: [UInt8] = Array(0 ..< 200).map { UInt8($0) }
        cache.store("a", body: ResponseBody(bytes), contentType: "image/jpeg")
        XCTAssertEqual(cache.lookup("a")?.body.bytes, bytes)
        var made: [(String, Int)] = []
        func hit(_ key: String, _ variant: Int) -> PreparedResponse? {
            cache.hit(key, variant: variant) { body, type in
                made.append((type, variant))
                return PreparedResponse(status: 200, headers: [("Content-Type", type)], body: body)
            }
        }
        let plain = try XCTUnwrap(hit("a", 0))
        XCTAssertTrue(plain === hit("a", 0), "the second hit queues the same response")
        let immutable = try XCTUnwrap(hit("a", 1))
        XCTAssertFalse(plain === immutable)
        XCTAssertEqual(made.map(\.1), [0, 1], "made once per variant")
        XCTAssertEqual(made.map(\.0), ["image/jpeg", "image/jpeg"])
        XCTAssertEqual(plain.count, 200)
        XCTAssertEqual(plain.status, 200)
        XCTAssertNil(hit("b", 0), "not cached: no response, nothing made")
        XCTAssertEqual(made.count, 2)
        XCTAssertEqual(cache.statistics.hits, 4)
        XCTAssertEqual(cache.statistics.misses, 1)
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
