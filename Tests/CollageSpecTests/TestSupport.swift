import Foundation
import XCTest
@testable import CollageSpec

/// A temporary folder holding empty photo files (this module checks that
/// photos exist but never decodes them), removed when the test ends.
final class Workspace {
    let folder: String

    init(photos: [String] = []) throws {
        folder = NSTemporaryDirectory() + "collage-spec-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for photo in photos { try touch(photo) }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Creates an empty file (and its folders) relative to the workspace.
    func touch(_ relative: String) throws {
        let path = folder + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
    }

    func path(_ relative: String) -> String { folder + "/" + relative }

    /// Loads document text as if it were the file `file` in the workspace.
    func load(_ text: String, file: String = "doc.yaml", variables: [String: String] = [:]) throws(DiagnosticList) -> Spec {
        try DocumentLoader.load(text: Array(text.utf8), file: file, baseDirectory: folder, variables: variables)
    }

    /// The diagnostics of a document that must fail (fails the test if it loads).
    func errors(_ text: String, file: String = "doc.yaml", variables: [String: String] = [:],
                line: UInt = #line) -> [Diagnostic] {
        do {
            _ = try load(text, file: file, variables: variables)
            XCTFail("the document loaded without errors", line: line)
            return []
        } catch {
            return error.diagnostics
        }
    }
}

/// A diagnostic reduced to what tests compare: kind, line and column.
struct Where: Equatable, CustomStringConvertible {
    var kind: Diagnostic.Kind
    var line: Int
    var column: Int
    init(_ kind: Diagnostic.Kind, _ line: Int, _ column: Int) {
        self.kind = kind; self.line = line; self.column = column
    }
    init(_ d: Diagnostic) {
        self.init(d.kind, d.location?.line ?? 0, d.location?.column ?? 0)
    }
    var description: String { "\(kind)@\(line):\(column)" }
}

func places(_ diagnostics: [Diagnostic]) -> [Where] { diagnostics.map(Where.init) }

extension Spec {
    /// The spec with every location and the file name blanked, so documents
    /// that differ only in layout (YAML vs JSON, BOM) compare equal.
    var withoutLocations: Spec {
        let nowhere = SourceLocation(file: "", line: 0, column: 0)
        var copy = self
        copy.file = ""
        copy.source = nil
        copy.canvas.location = nowhere
        copy.layout.location = nowhere
        if copy.layout.gapLocation != nil { copy.layout.gapLocation = nowhere }
        if copy.layout.paddingLocation != nil { copy.layout.paddingLocation = nowhere }
        if copy.output.formatLocation != nil { copy.output.formatLocation = nowhere }
        for i in copy.photos.indices { copy.photos[i].srcLocation = nowhere; copy.photos[i].location = nowhere }
        for i in copy.overlays.indices { copy.overlays[i].location = nowhere }
        return copy
    }
}
