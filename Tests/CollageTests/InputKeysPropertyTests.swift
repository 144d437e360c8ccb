import Collage
import Foundation
import XCTest
import CollageTestSupport

/// Issue 29: every key the schema marks `x-collage-input` is one input of
/// the one traversal (`Spec.inputs`), and everything that confines, lists or
/// watches files reads that traversal. The document below uses every marked
/// key, each naming a file outside the root `site/` (a `../` that climbs
/// out, an absolute path, a symbolic link inside the root that points out).
final class InputKeysPropertyTests: XCTestCase, PhotoFolderTest {
    var directory: URL!
    var site: URL { url("site") }

    /// Each marked key's schema path -> the values the document gives it.
    /// A key marked in the schema but missing here fails
    /// `testTheDocumentUsesEveryMarkedKey`: add it to the document.
    let valuesByKey: [String: [String]] = [
        "photo.src": ["../outside/photo.png"],
        "overlay.image": ["link.png"],
        "overlay.font.file": ["OUTSIDE/Bold.ttf", "OUTSIDE/Mono.ttf"],
        "backgroundImage.image": ["../outside/bg.png"],
        "include": ["../outside/brand.yaml"],
    ]

    override func setUpWithError() throws {
        try makePhotoFolder()
        let manager = FileManager.default
        try manager.createDirectory(at: url("outside"), withIntermediateDirectories: true)
        try manager.createDirectory(at: site, withIntermediateDirectories: true)
        for (name, photo) in [("photo.png", "quadrants.png"), ("logo.png", "logo.png"), ("bg.png", "stripes.png")] {
            try manager.copyItem(at: url("photos/\(photo)"), to: url("outside/\(name)"))
        }
        try manager.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", toPath: url("outside/Bold.ttf").path)
        try manager.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", toPath: url("outside/Mono.ttf").path)
        try manager.createSymbolicLink(atPath: site.appendingPathComponent("link.png").path,
                                       withDestinationPath: url("outside/logo.png").path)
        let outside = url("outside").path
        try write("outside/brand.yaml", "vars: {ink: \"#102030\"}\n")
        try write("site/doc.yaml", """
            version: 1
            include: [../outside/brand.yaml]
            canvas: {width: 60, height: 40, background: {image: ../outside/bg.png}}
            photos: [../outside/photo.png]
            layout: {kind: auto, padding: 10}
            overlays:
              - {image: link.png, width: 10, anchor: topLeft}
              - text: [{text: "A"}, {text: "B", font: {file: \(outside)/Mono.ttf}}]
                font: {file: \(outside)/Bold.ttf, size: 10}
            """)
        try write("site/rows.csv", "id\na\n")
    }

    func spec() throws -> Spec {
        try DocumentInput.file(site.appendingPathComponent("doc.yaml").path).load(variables: [:])
    }

    /// The values as written in the document, all keys together.
    var writtenValues: Set<String> {
        Set(valuesByKey.values.joined().map { $0.replacingOccurrences(of: "OUTSIDE", with: url("outside").path) })
    }

    func testTheDocumentUsesEveryMarkedKey() {
        XCTAssertEqual(Set(valuesByKey.keys), Set(DocumentSchema.inputKinds.keys),
                       "a key marked x-collage-input in the schema is not in this test's document (or the reverse)")
        XCTAssertEqual(DocumentSchema.inputKinds, ["photo.src": .image, "overlay.image": .image,
                                                   "overlay.font.file": .font, "backgroundImage.image": .image,
                                                   "include": .document])
    }

    /// The schema paths that resolved a file are the marked ones, each input
    /// has its key's kind and sits where the document writes its value.
    func testTheKeysThatResolvedAFileAreTheMarkedOnes() throws {
        let spec = try spec()
        let inputs = spec.inputs
        XCTAssertEqual(Set(inputs.map(\.key)), Set(DocumentSchema.inputKinds.keys))
        XCTAssertEqual(inputs.count, 6)
        XCTAssertEqual(Set(inputs.map(\.src)), writtenValues)
        let lines = try text("site/doc.yaml").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for input in inputs {
            XCTAssertEqual(input.kind, DocumentSchema.inputKinds[input.key], input.key)
            XCTAssertTrue(valuesByKey[input.key]!.map { $0.replacingOccurrences(of: "OUTSIDE", with: url("outside").path) }
                .contains(input.src), "\(input.key): \(input.src)")
            let line = lines[input.location.line - 1]
            XCTAssertTrue(line.unicodeScalars.dropFirst(input.location.column - 1).starts(with: input.src.unicodeScalars),
                          "\(input.key) at \(input.location): \(line)")
            XCTAssertEqual(input.path, URL(fileURLWithPath: input.src, relativeTo: site).standardizedFileURL.path)
        }
        // `layout --json` lists the same inputs with their kind and location.
        let layout = try runCollage(["layout", "doc.yaml", "--json"], in: site)
        XCTAssertEqual(layout.status, 0, layout.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: layout.stdout) as? [String: Any])
        let listed = try XCTUnwrap(json["inputs"] as? [[String: Any]])
        XCTAssertEqual(listed.map { $0["path"] as? String }, inputs.map(\.path))
        XCTAssertEqual(listed.map { $0["kind"] as? String }, inputs.map(\.kind.rawValue))
        XCTAssertEqual(listed.map { ($0["location"] as? [String: Any])?["line"] as? Int }, inputs.map(\.location.line))
        XCTAssertEqual(listed.map { ($0["location"] as? [String: Any])?["column"] as? Int }, inputs.map(\.location.column))
    }

    /// `render --root`, `batch --root`, `check --root` and the library's
    /// `root:` refuse each input with a located `pathOutsideRoot` error, and
    /// write nothing.
    func testTheRootRefusesEachInputWhereItIsNamed() throws {
        let inputs = try spec().inputs
        let refused = try runCollage(["render", "doc.yaml", "-o", "o.png", "--root", "."], in: site)
        XCTAssertEqual(refused.status, 1)
        for input in inputs {
            XCTAssertTrue(refused.stderr.contains(
                "doc.yaml:\(input.location.line):\(input.location.column): error: '\(input.src)' is outside the allowed root"),
                "\(input.key): \(refused.stderr)")
        }
        XCTAssertEqual(refused.stderr.components(separatedBy: "is outside the allowed root").count - 1, inputs.count, refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("o.png").path))

        let batch = try runCollage(["batch", "doc.yaml", "--data", "rows.csv", "-o", "out/${id}.png", "--root", "."], in: site)
        XCTAssertEqual(batch.status, 1)
        XCTAssertEqual(batch.stderr.components(separatedBy: "is outside the allowed root").count - 1, inputs.count, batch.stderr)

        // What check accepts, render renders: with the same --root, check refuses the same inputs.
        let checked = try runCollage(["check", "doc.yaml", "--root", "."], in: site)
        XCTAssertEqual(checked.status, 1)
        for input in inputs {
            XCTAssertTrue(checked.stderr.contains(
                "doc.yaml:\(input.location.line):\(input.location.column): error: '\(input.src)' is outside the allowed root"),
                "check: \(input.key): \(checked.stderr)")
        }
        XCTAssertEqual(try runCollage(["check", "doc.yaml"], in: site).status, 0)

        let renderer = try DocumentRenderer(root: site.path)
        XCTAssertThrowsError(try renderer.render(.file(site.appendingPathComponent("doc.yaml").path))) { error in
            guard case .diagnostics(let list) = error as? CollageError else { return XCTFail("\(error)") }
            XCTAssertEqual(list.diagnostics.map(\.kind), Array(repeating: .pathOutsideRoot, count: inputs.count))
            // In source order: the validator finds them (before any file is looked for).
            let byPlace = { (a: SourceLocation?, b: SourceLocation?) in (a?.line ?? 0, a?.column ?? 0) < (b?.line ?? 0, b?.column ?? 0) }
            XCTAssertEqual(list.diagnostics.map(\.location), inputs.map(\.location).sorted(by: byPlace))
        }
        // Without the root the document renders.
        let rendered = try runCollage(["render", "doc.yaml", "-o", "o.png"], in: site)
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
    }

    func testTheDepfileListsEachInput() throws {
        let inputs = try spec().inputs
        let result = try runCollage(["render", "doc.yaml", "-o", "o.png", "--depfile", "o.d"], in: site)
        XCTAssertEqual(result.status, 0, result.stderr)
        let depfile = try text("site/o.d")
        for input in inputs {
            let listed = Depfile.relative(input.path, to: site.path)
            XCTAssertTrue(depfile.contains(" \(listed) \\\n") || depfile.contains(" \(listed)\n"), "\(input.key) \(listed): \(depfile)")
            XCTAssertTrue(depfile.contains("\n\(listed):\n"), "\(input.key): \(depfile)")
        }
    }

    /// Changing any input changes the row's stamp: `--skip-unchanged`
    /// renders the row again, once per changed file.
    func testChangingEachInputChangesTheBatchStamp() throws {
        let spec = try spec()
        let arguments = ["batch", "doc.yaml", "--data", "rows.csv", "-o", "out/${id}.png", "--skip-unchanged"]
        let first = try runCollage(arguments, in: site)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("batch: 1 of 1 rows written"), first.stderr)
        let again = try runCollage(arguments, in: site)
        XCTAssertTrue(again.stderr.contains("batch: 0 of 1 rows written, 1 unchanged"), again.stderr)

        let plan = try BatchPlan(rows: [DataRow(number: 1, fields: ["id": "a"], location: spec.source!.location(line: 1, column: 1))],
                                 outputTemplate: site.appendingPathComponent("out/${id}.png").path, overrides: [:], shard: nil)
        let template = Array(try Data(contentsOf: site.appendingPathComponent("doc.yaml")))
        func stamp() throws -> String {
            BatchStamps.stamp(job: plan.jobs[0], template: template, spec: try self.spec(), options: RenderOptions(outputPath: ""),
                              version: "test")
        }
        var seen: Set<String> = [try stamp()]
        for (offset, input) in spec.inputs.enumerated() {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(offset + 1) * 3600)],
                                                  ofItemAtPath: input.path)
            XCTAssertTrue(seen.insert(try stamp()).inserted, "\(input.key): the stamp did not change")
            let result = try runCollage(arguments, in: site)
            XCTAssertTrue(result.stderr.contains("batch: 1 of 1 rows written"), "\(input.key) \(input.src): \(result.stderr)")
        }
    }

    /// `watch` renders again when any input changes.
    func testWatchRerendersOnEachInput() throws {
        let inputs = try spec().inputs
        let log = url("watch.log")
        let process = try startWatch("doc.yaml", output: "out.png", in: site, log: log)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        func writes() -> Int { logText().components(separatedBy: "watch: wrote out.png").count - 1 }
        XCTAssertTrue(waitUntil(30) { writes() == 1 }, logText())
        for (offset, input) in inputs.enumerated() {
            let before = writes()
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(offset + 1) * 3600)],
                                                  ofItemAtPath: input.path)
            XCTAssertTrue(waitUntil(30) { writes() == before + 1 }, "\(input.key) \(input.src): \(logText())")
        }
        process.terminate()
        process.waitUntilExit()
    }
}
