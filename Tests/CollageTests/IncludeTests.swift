import Collage
import CollageSpec
import CollageRaster
import Foundation
import XCTest
import CollageTestSupport

/// `include:` (issue 41, docs/format.md "Includes"): vars and components
/// from other documents, paths relative to the file that writes them,
/// `--root`, located errors quoting the included file.
final class IncludeTests: XCTestCase, PhotoFolderTest {
    var directory: URL!

    override func setUpWithError() throws {
        try makePhotoFolder()
        try FileManager.default.createDirectory(at: url("shared/art"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url("cards"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: url("photos/logo.png"), to: url("shared/art/logo.png"))
        try write("shared/brand.yaml", """
            vars: {ink: "#ff0000", title: Brand}
            components:
              mark:
                width: 40
                height: 40
                params: {edge: {type: color, default: "${ink}"}}
                overlays:
                  - {image: art/logo.png, width: 40, height: 40}
                  - {shape: rect, width: 40, height: 40, stroke: {width: 2, color: "${edge}"}}
            """)
    }

    private func load(_ name: String, root: String? = nil) -> (Spec?, [Diagnostic]) {
        do {
            let spec = try DocumentLoader.load(path: url(name).path, root: root.map { InputRoot(resolved: InputRoot.realPath(url($0).path)!) })
            return (spec, spec.warnings)
        } catch {
            return (nil, error.diagnostics)
        }
    }

    /// The included file's vars and components, its image resolved beside it, its path an input.
    func testVarsAndComponentsComeFromTheIncludedFile() throws {
        try write("cards/card.yaml", """
            version: 1
            include: [../shared/brand.yaml]
            canvas: {width: 100, height: 100, background: "${ink}"}
            vars: {title: Card}
            overlays:
              - {use: mark, anchor: topLeft}
            """)
        let (spec, warnings) = load("cards/card.yaml")
        let loaded = try XCTUnwrap(spec, warnings.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(loaded.canvas.background, RGBA(red: 255, green: 0, blue: 0))
        XCTAssertEqual(loaded.variables["title"], "Card")
        // The document's own 'title' replaces the brand's: a warning at it, naming the earlier one.
        XCTAssertEqual(warnings.map(\.kind), [.duplicateKey])
        XCTAssertEqual(warnings.first?.location?.line, 4)
        XCTAssertTrue(warnings.first?.message.contains("shared/brand.yaml:1:") == true, warnings.first?.message ?? "")
        let inputs = loaded.inputs.map(\.path)
        let shared = url("shared").resolvingSymlinksInPath().path
        XCTAssertTrue(inputs.contains { $0.hasSuffix("/shared/art/logo.png") }, "\(inputs)")
        XCTAssertEqual(loaded.includes.map(\.path).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path },
                       [shared + "/brand.yaml"])
        // And it renders: the logo in the top-left 40x40, the red canvas elsewhere.
        let result = try runCollage(["render", "card.yaml", "-o", "card.png", "--depfile", "card.d"], in: url("cards"))
        XCTAssertEqual(result.status, 0, result.stderr)
        let depfile = try text("cards/card.d")
        XCTAssertTrue(depfile.contains("../shared/brand.yaml") || depfile.contains(shared + "/brand.yaml"), depfile)
        XCTAssertTrue(depfile.contains("art/logo.png"), depfile)
        XCTAssertEqual(try pixel("cards/card.png", 80, 80), Color(red: 255, green: 0, blue: 0, alpha: 255))
    }

    /// `override: true` replaces an included definition silently.
    func testOverrideTrueSilencesTheWarning() throws {
        try write("cards/card.yaml", """
            version: 1
            include: ../shared/brand.yaml
            canvas: {width: 100, height: 100}
            vars: {title: {value: Card, override: true}}
            components:
              mark: {width: 10, height: 10, override: true, overlays: [{shape: rect, width: 10, height: 10, fill: "#00ff00"}]}
            overlays:
              - {use: mark}
            """)
        let (spec, warnings) = load("cards/card.yaml")
        XCTAssertNotNil(spec, warnings.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(spec?.variables["title"], "Card")
        XCTAssertEqual(spec?.overlays.map(\.kindName), [.shape])
    }

    func testAMissingIncludeIsLocated() throws {
        try write("cards/card.yaml", """
            version: 1
            include: [../shared/brand.yaml, ../shared/nothing.yaml]
            canvas: {width: 100, height: 100}
            """)
        let (_, found) = load("cards/card.yaml")
        XCTAssertEqual(found.map(\.kind), [.missingFile])
        XCTAssertEqual(found.first?.location, SourceLocation(file: url("cards/card.yaml").path, line: 2, column: 33))
        XCTAssertEqual(found.first?.message, "included file not found: '../shared/nothing.yaml'")
    }

    func testAnIncludeOutsideTheRootIsRefused() throws {
        try write("cards/card.yaml", """
            version: 1
            include: [../shared/brand.yaml]
            canvas: {width: 100, height: 100}
            """)
        let (spec, found) = load("cards/card.yaml", root: "cards")
        XCTAssertNil(spec)
        XCTAssertEqual(found.map(\.kind), [.pathOutsideRoot])
        XCTAssertEqual(found.first?.location?.line, 2)
        XCTAssertEqual(found.first?.location?.column, 11)
        // An image inside the included file obeys the root too.
        let (_, inner) = load("cards/card.yaml", root: ".")
        XCTAssertEqual(inner.filter { $0.severity == .error }, [])
    }

    /// A diagnostic inside an included file carries that file's text: the
    /// printed error quotes its line, with a note naming the include chain.
    func testADiagnosticInsideAnIncludedFileQuotesThatFile() throws {
        try write("shared/broken.yaml", """
            components:
              tag:
                widht: 10
                height: 10
                overlays: []
            """)
        try write("cards/card.yaml", """
            version: 1
            include: [../shared/broken.yaml]
            canvas: {width: 100, height: 100}
            """)
        let result = try runCollage(["check", "card.yaml"], in: url("cards"))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("""
            ../shared/broken.yaml:3:5: error: unknown key 'widht' in a component; did you mean 'width'?
                widht: 10
                ^
            """), result.stderr)
        XCTAssertTrue(result.stderr.contains("note: in '../shared/broken.yaml', included at card.yaml:2:11"), result.stderr)
    }
}
