import Collage
import CollageCodecs
import CollageRaster
import CollageSpec
import Foundation
import XCTest
import CollageTestSupport

/// Issue 13 §3, a seeded property test: small random documents within and
/// around the vocabulary (valid and invalid values, missing photos, layouts
/// of every kind, text and image overlays), with random `--format`, `-o` and
/// `--max-pixels`, must keep `check`'s promise: check finds no error ⇒
/// render writes the image; check finds an error ⇒ render fails, and its
/// first error is check's first error (same place, same message). A failure
/// prints the seed and a shrunk document. `COLLAGE_PROPERTY_SEED` and
/// `COLLAGE_PROPERTY_COUNT` (at most 2000) override the defaults.
final class CheckPromiseTests: XCTestCase {
    typealias Tree = NumericKeyTests.Tree

    /// SplitMix64: small, seeded, the same sequence everywhere.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    /// Raw scalars, mostly valid for the key, some not.
    static func number(_ r: inout Random, _ valid: [String], _ invalid: [String] = ["-1", "1e19", "\"x\"", "1e-300"]) -> Tree {
        .raw(r.chance(96) ? r.pick(valid) : r.pick(invalid))
    }

    static func photo(_ r: inout Random, kind: String) -> Tree {
        let src = r.chance(4) ? "\"missing.png\"" : r.pick(["\"p.png\"", "\"p.png\"", "\"t.jpg\"", "\"t.jpg\"", "\"*.png\""])
        if r.chance(30) { return .raw(src) }
        var members: [(String, Tree)] = [("src", .raw(src))]
        if r.chance(30) { members.append(("fit", .raw(r.chance(5) ? "\"fill\"" : r.pick(["\"cover\"", "\"contain\""])))) }
        if r.chance(20) { members.append(("focus", .list([number(&r, ["0", "0.3", "1"]), number(&r, ["0.5", "1"])]))) }
        if kind == "grid" || r.chance(5) {
            if r.chance(40) {
                members.append(("cell", .map([("column", number(&r, ["1", "2", "3"])), ("row", number(&r, ["1", "2"])),
                                              ("columnSpan", number(&r, ["1", "2"]))])))
            }
        }
        if kind == "free" || r.chance(5) {
            if r.chance(60) {
                members.append(("frame", .map([("x", number(&r, ["0", "-5", "10.5", "\"10%\""])), ("y", number(&r, ["0", "3"])),
                                               ("width", number(&r, ["1", "20", "\"50%\"", "0.4"])), ("height", number(&r, ["1", "16"]))])))
            } else {
                members.append(("anchor", .raw(r.chance(5) ? "\"middle\"" : r.pick(["\"center\"", "\"bottomRight\""]))))
                members.append(("width", number(&r, ["8", "30", "\"25%\""])))
                if r.chance(50) { members.append(("offset", .list([number(&r, ["0", "-4", "1e4"]), number(&r, ["0", "2"])]))) }
            }
        }
        if r.chance(15) { members.append(("rotation", number(&r, ["0", "15", "-90", "3600"]))) }
        if r.chance(15) { members.append(("opacity", number(&r, ["0", "0.5", "1"]))) }
        if r.chance(15) { members.append(("cornerRadius", number(&r, ["0", "3", "\"50%\"", "32768"]))) }
        if r.chance(10) { members.append(("zoom", number(&r, ["1", "2.5", "100"]))) }
        if r.chance(10) { members.append(("border", .map([("width", number(&r, ["1", "0", "\"10%\""]))]))) }
        if r.chance(10) {
            members.append(("crop", .map([("x", number(&r, ["0", "0.5"])), ("y", number(&r, ["0"])),
                                          ("width", number(&r, ["0.5", "1"])), ("height", number(&r, ["0.5", "1"]))])))
        }
        if r.chance(5) { members.append(("orientation", number(&r, ["1", "6", "8"], ["9", "0"]))) }
        return .map(members)
    }

    static func overlay(_ r: inout Random) -> Tree {
        var members: [(String, Tree)] = []
        if r.chance(70) {
            members.append(("text", .raw(r.pick(["\"Hi\"", "\"日本\"", "\"a\\nb\"", "\"\""]))))
            if r.chance(50) {
                members.append(("font", .map([("size", number(&r, ["8", "1e-300", "\"20%\"", "10000"], ["0", "10001", "-3"]))]
                                             + (r.chance(30) ? [("family", Tree.raw(r.pick(["\"DejaVu Sans\"", "\"No Such Font\""])))] : []))))
            }
            if r.chance(25) { members.append(("shadow", .map([("blur", number(&r, ["0", "1e-300", "4", "1000"], ["1001", "-1"]))]))) }
            if r.chance(20) { members.append(("stroke", .map([("width", number(&r, ["0", "1", "\"10%\""]))]))) }
            if r.chance(20) { members.append(("maxWidth", number(&r, ["5", "1e-300", "\"50%\""]))) }
            if r.chance(10) { members.append(("lineHeight", number(&r, ["0.01", "1.2", "100"]))) }
            if r.chance(10) { members.append(("letterSpacing", number(&r, ["0", "-5", "100000"]))) }
        } else {
            members.append(("image", .raw(r.chance(5) ? "\"missing.png\"" : "\"p.png\"")))
            if r.chance(40) { members.append(("width", number(&r, ["4", "0.3", "\"50%\"", "32768"]))) }
            if r.chance(30) { members.append(("opacity", number(&r, ["0", "0.5"]))) }
        }
        if r.chance(40) { members.append(("anchor", .raw(r.pick(["\"topLeft\"", "\"center\"", "\"baselineLeft\""])))) }
        if r.chance(40) { members.append(("offset", .list([number(&r, ["0", "4", "-1e5", "\"10%\""]), number(&r, ["0", "1e5"])]))) }
        return .map(members)
    }

    static func document(_ r: inout Random) -> Tree {
        var members: [(String, Tree)] = []
        if !r.chance(2) { members.append(("version", .raw(r.chance(98) ? "1" : "2"))) }
        var canvas: [(String, Tree)] = []
        let wide = r.chance(8)
        if !r.chance(4) { canvas.append(("width", wide ? .raw(r.pick(["16384", "20000", "32768"])) : number(&r, ["1", "3", "17", "64", "100"], ["0", "\"5%\"", "40000"]))) }
        if !r.chance(4) { canvas.append(("height", wide ? .raw(r.pick(["1", "2"])) : number(&r, ["1", "5", "48", "80"], ["0", "-1"]))) }
        if r.chance(20) { canvas.append(("background", .raw(r.chance(10) ? "\"#12\"" : r.pick(["\"#00000000\"", "\"red\""])))) }
        members.append(("canvas", .map(canvas)))
        if r.chance(30) { members.append(("output", .map([("format", .raw(r.chance(5) ? "\"gif\"" : r.pick(["\"png\"", "\"jpeg\"", "\"webp\""])))]))) }
        let kind = r.chance(3) ? "mosaic" : r.pick(["auto", "auto", "grid", "grid", "free", "justified"])
        let count = 1 + r.below(4)
        members.append(("photos", .list((0..<count).map { _ in photo(&r, kind: kind) })))
        var layout: [(String, Tree)] = [("kind", .raw("\"\(kind)\""))]
        if kind == "grid" || r.chance(5) {
            layout.append(("columns", number(&r, ["1", "2", "3"], ["0", "1025"])))
            if r.chance(30) { layout.append(("rows", number(&r, ["1", "2"]))) }
            if r.chance(30) { layout.append(("columnWidths", .list([number(&r, ["1", "1e-300", "1000"]), number(&r, ["1", "2"])]))) }
        }
        if kind == "justified" || r.chance(5) { layout.append(("rowHeight", number(&r, ["1", "10", "\"20%\"", "32768"]))) }
        if r.chance(30) { layout.append(("gap", number(&r, ["0", "2", "31", "\"1%\""], ["-1", "1.5"]))) }
        if r.chance(20) { layout.append(("padding", number(&r, ["0", "1", "40"]))) }
        members.append(("layout", .map(layout)))
        if r.chance(50) { members.append(("overlays", .list((0..<(1 + r.below(2))).map { _ in overlay(&r) }))) }
        return .map(members)
    }

    struct Flags {
        var format: OutputFormat?
        var output: String
        var maxPixels: Int?
        var strict: Bool
    }

    static func flags(_ r: inout Random) -> Flags {
        let format = r.chance(40) ? r.pick([OutputFormat.png, .jpeg, .webp]) : nil
        let output = r.pick(["out.png", "out.jpg", "out.webp", format.map { "out.\($0 == .jpeg ? "jpg" : $0.rawValue)" } ?? "out.png"])
        return Flags(format: format, output: output, maxPixels: r.chance(15) ? r.pick([10, 100, 2000]) : nil, strict: r.chance(15))
    }

    /// Whether check refused the last document `violation` ran.
    nonisolated(unsafe) static var lastRefused = false
    /// The kind of check's first error in the last document, for the summary.
    nonisolated(unsafe) static var lastReason: String?

    /// One document against the promise: nil when kept, else what broke.
    static func violation(_ text: String, flags: Flags, in directory: URL) throws -> String? {
        lastRefused = true
        let file = directory.appendingPathComponent("doc.yaml")
        try text.write(to: file, atomically: false, encoding: .utf8)
        // Outputs in a folder of their own, so no glob `src` matches them.
        let folder = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent(flags.output).path
        var request = CollageRenderer.CheckRequest()
        request.format = flags.format
        request.outputPath = output
        request.maxPixels = flags.maxPixels
        request.strict = flags.strict
        let checked: [Diagnostic]
        do {
            checked = try CollageRenderer.check(documentPath: file.path, request).diagnostics
        } catch {
            // A usage error: render must refuse the same request as one.
            do {
                var options = RenderOptions(outputPath: output, format: flags.format, threads: 1, maxPixels: flags.maxPixels)
                options.strict = flags.strict
                try CollageRenderer.render(documentPath: file.path, options: options)
                return "check refused the request (\(error)), render wrote it"
            } catch {
                if case .usage = error { return nil }
                return "check refused the request as a usage error, render failed otherwise: \(error)"
            }
        }
        let checkError = checked.first { $0.severity == .error }
        lastRefused = checkError != nil
        lastReason = checkError.map(\.kind.rawValue)
        var options = RenderOptions(outputPath: output, format: flags.format, threads: 1, maxPixels: flags.maxPixels)
        options.strict = flags.strict
        do {
            try CollageRenderer.render(documentPath: file.path, options: options)
            if let checkError { return "check found \(checkError), render wrote the image" }
            return nil
        } catch {
            let renderError: Diagnostic? = switch error {
            case .diagnostics(let list): list.diagnostics.first { $0.severity == .error }
            case .usage(let message): Diagnostic(.invalidValue, at: nil, "usage: " + message)
            case .timedOut(let seconds): Diagnostic(.render, at: nil, CollageError.timedOutMessage(seconds))
            }
            guard let checkError else { return "check found no error, render failed: \(renderError.map(\.description) ?? "\(error)")" }
            guard let renderError, renderError.location == checkError.location, renderError.message == checkError.message else {
                return "first errors differ:\n  check:  \(checkError)\n  render: \(renderError.map(\.description) ?? "\(error)")"
            }
            return nil
        }
    }

    /// A smaller document that still breaks the promise: members and items
    /// dropped one at a time while the violation stays.
    static func shrink(_ tree: Tree, flags: Flags, in directory: URL) throws -> Tree {
        func candidates(_ tree: Tree) -> [Tree] {
            switch tree {
            case .raw: return []
            case .list(let items):
                var out: [Tree] = []
                for i in items.indices where items.count > 1 { var fewer = items; fewer.remove(at: i); out.append(.list(fewer)) }
                for i in items.indices { for smaller in candidates(items[i]) { var copy = items; copy[i] = smaller; out.append(.list(copy)) } }
                return out
            case .map(let members):
                var out: [Tree] = []
                for i in members.indices { var fewer = members; fewer.remove(at: i); out.append(.map(fewer)) }
                for i in members.indices {
                    for smaller in candidates(members[i].1) { var copy = members; copy[i].1 = smaller; out.append(.map(copy)) }
                }
                return out
            }
        }
        var current = tree
        var improved = true
        while improved {
            improved = false
            for candidate in candidates(current) where try violation(candidate.text() + "\n", flags: flags, in: directory) != nil {
                current = candidate
                improved = true
                break
            }
        }
        return current
    }

    /// A background image or an image overlay over the decoded-pixel budget
    /// (an 8 x 6 px PNG, 48 px, against --max-pixels 10): check found no
    /// error and render refused it, since check weighed only the photos.
    func testImagesBesidesPhotosOverTheBudgetAreRefusedByCheckAsByRender() throws {
        setenv("FONTCONFIG_FILE", TestPaths.fontConfig.path, 0)
        let directory = try TestPackage.temporaryDirectory(self)
        try Data(try ImageEncoder.encode(SyntheticPhotos.quadrants(width: 8, height: 6), as: .png))
            .write(to: directory.appendingPathComponent("p.png"))
        let flags = Flags(format: .png, output: "out.png", maxPixels: 10, strict: false)
        for text in ["version: 1\ncanvas: {width: 40, height: 30, background: {image: p.png, fit: tile}}\n",
                     "version: 1\ncanvas: {width: 40, height: 30}\noverlays:\n  - {image: p.png}\n"] {
            XCTAssertNil(try Self.violation(text, flags: flags, in: directory), text)
            XCTAssertTrue(Self.lastRefused, text)
        }
        var request = CollageRenderer.CheckRequest()
        request.maxPixels = 10
        let file = directory.appendingPathComponent("doc.yaml")
        try "version: 1\ncanvas: {width: 40, height: 30, background: {image: p.png, fit: tile}}\n"
            .write(to: file, atomically: false, encoding: .utf8)
        let found = try CollageRenderer.check(documentPath: file.path, request).diagnostics
        XCTAssertEqual(found.map(\.description),
                       ["\(file.path):2:53: error: cannot decode background image 'p.png': image too large: 8x6 (0.0 megapixels), over the limit of 10 pixels"])
    }

    func testWhatCheckAcceptsRenderRendersAndWhatItRefusesRenderRefusesAlike() throws {
        setenv("FONTCONFIG_FILE", TestPaths.fontConfig.path, 0)
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["COLLAGE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 13
        let count = min(2000, environment["COLLAGE_PROPERTY_COUNT"].flatMap(Int.init) ?? 500)
        let directory = try TestPackage.temporaryDirectory(self)
        try Data(try ImageEncoder.encode(SyntheticPhotos.quadrants(width: 8, height: 6), as: .png))
            .write(to: directory.appendingPathComponent("p.png"))
        try Data(try ImageEncoder.encode(SyntheticPhotos.gradient(width: 6, height: 40), as: .jpeg))
            .write(to: directory.appendingPathComponent("t.jpg"))
        var random = Random(state: seed)
        var outcomes = (ok: 0, refused: 0)
        var reasons: [String: Int] = [:]
        for index in 0..<count {
            let tree = Self.document(&random)
            let flags = Self.flags(&random)
            let text = tree.text() + "\n"
            if let problem = try Self.violation(text, flags: flags, in: directory) {
                let small = try Self.shrink(tree, flags: flags, in: directory)
                XCTFail("""
                    seed \(seed), document \(index): \(problem)
                    flags: --format \(flags.format?.rawValue ?? "-") -o \(flags.output) --max-pixels \(flags.maxPixels.map(String.init) ?? "-")\(flags.strict ? " --strict" : "")
                    shrunk document:
                    \(small.text())
                    breaks it as: \(try Self.violation(small.text() + "\n", flags: flags, in: directory) ?? "?")
                    """)
                return
            }
            if Self.lastRefused { outcomes.refused += 1 } else { outcomes.ok += 1 }
            if let reason = Self.lastReason { reasons[reason, default: 0] += 1 }
        }
        print("CheckPromiseTests: seed \(seed), \(count) documents: \(outcomes.ok) rendered, \(outcomes.refused) refused alike "
              + "(first errors: \(reasons.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))")
        // Both sides of the promise were exercised.
        XCTAssertGreaterThan(outcomes.ok, count / 10)
        XCTAssertGreaterThan(outcomes.refused, count / 10)
    }
}
