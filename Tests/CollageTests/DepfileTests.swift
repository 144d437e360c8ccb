import Collage
import XCTest

/// Make's escaping and the working-directory-relative paths of depfiles.
final class DepfileTests: XCTestCase {
    func testEscapingAndRelativePaths() {
        XCTAssertEqual(Depfile.escape("a b/$x#1.jpg", role: .prerequisite), "a\\ b/$$x\\#1.jpg")
        XCTAssertEqual(Depfile.escape("a b/$x#1.jpg", role: .target), "a\\ b/$$x\\#1.jpg")
        // `%` is a pattern only in a target; a backslash before it in a prerequisite would stay in the name.
        XCTAssertEqual(Depfile.escape("x:y/p%q.jpg", role: .prerequisite), "x\\:y/p%q.jpg")
        XCTAssertEqual(Depfile.escape("x:y/p%q.jpg", role: .target), "x\\:y/p\\%q.jpg")
        XCTAssertEqual(Depfile.relative("/work/p/photos/a.jpg", to: "/work/p"), "photos/a.jpg")
        XCTAssertEqual(Depfile.relative("/work/pp/a.jpg", to: "/work/p"), "/work/pp/a.jpg")
        XCTAssertEqual(Depfile.relative("rel/a.jpg", to: "/work/p"), "rel/a.jpg")
    }

    func testRulesListPrerequisitesOnceAndPhonyRulesForAll() {
        let text = Depfile.text([
            Depfile.Rule(target: "/w/out/a.jpg", prerequisites: ["a.yaml", "/w/p/1.jpg", "/w/p/1.jpg"]),
            Depfile.Rule(target: "out/b.jpg", prerequisites: ["b.yaml", "/w/p/1.jpg", "/fonts/x.ttf"]),
        ], workingDirectory: "/w")
        XCTAssertEqual(text, """
            out/a.jpg: \\
             a.yaml \\
             p/1.jpg
            out/b.jpg: \\
             b.yaml \\
             p/1.jpg \\
             /fonts/x.ttf

            a.yaml:

            p/1.jpg:

            b.yaml:

            /fonts/x.ttf:

            """)
    }
}
