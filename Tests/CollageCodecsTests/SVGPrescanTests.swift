import Foundation
import XCTest
import CollageTestSupport
@testable import CollageCodecs

/// The SVG pre-scan (issue 37; docs/format.md "SVG pre-scan"): hostile
/// documents refused before librsvg sees them, quickly; ordinary ones (the
/// Debian icon themes) pass.
final class SVGPrescanTests: XCTestCase {
    /// 10 levels of 10 `<use>` each: 10^10 elements once expanded.
    static let fanOut: [UInt8] = {
        var body = "<defs><rect id=\"l0\" width=\"1\" height=\"1\"/>"
        for level in 1...10 {
            body += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }
        body += "</defs><use href=\"#l10\"/>"
        return Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">\(body)</svg>".utf8)
    }()

    /// The feMorphology radius=400 over 2000x2000 (here 176 bytes, with a namespace and a rect).
    static let morphology = Array(("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2000\" height=\"2000\">"
        + "<filter id=\"f\"><feMorphology radius=\"400\"/></filter><rect width=\"2000\" height=\"2000\" filter=\"url(#f)\"/></svg>").utf8)

    private func refusal(_ bytes: [UInt8]) -> ImageError? {
        do { try SVGPrescan.check(bytes, path: "hostile.svg"); return nil } catch { return error }
    }

    /// Refused within 0.2 s as `.tooComplex`, the reason naming `what` and the docs.
    private func assertRefusedQuickly(_ bytes: [UInt8], naming what: String, line: UInt = #line) throws {
        let start = Date()
        let error = try XCTUnwrap(refusal(bytes), line: line)
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.2, line: line)
        XCTAssertEqual(error.kind, .tooComplex, line: line)
        XCTAssertTrue(error.reason.contains(what) && error.reason.contains("docs/format.md"), error.reason, line: line)
    }

    func testUseFanOutIsRefusedWithinTwoTenthsOfASecond() throws {
        try assertRefusedQuickly(Self.fanOut, naming: "elements")
        let cost = try SVGPrescan.cost(of: Self.fanOut, path: "fan.svg")
        XCTAssertGreaterThan(cost.elements, 1e10)
        XCTAssertGreaterThan(cost.uses, 1e10)
    }

    func testMorphologyOverTheWholePictureIsRefused() throws {
        try assertRefusedQuickly(Self.morphology, naming: "filters")
        // A small blur on the same picture passes.
        let blur = String(decoding: Self.morphology, as: UTF8.self)
            .replacingOccurrences(of: "<feMorphology radius=\"400\"/>", with: "<feGaussianBlur stdDeviation=\"4\"/>")
        XCTAssertNil(refusal(Array(blur.utf8)))
    }

    func testCostsFollowTheDocumentedRules() throws {
        func cost(_ body: String, _ size: String = "width=\"100\" height=\"50\"") throws -> SVGPrescan.Cost {
            try SVGPrescan.cost(of: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" \(size)>\(body)</svg>".utf8), path: "t.svg")
        }
        XCTAssertEqual(try cost("<rect/><g><rect/></g>").elements, 4)
        // A <use> counts its target's subtree again, nested or not, through xlink:href too.
        let used = try cost("<g id=\"a\"><rect/><rect/></g><use href=\"#a\"/><use xmlns:xlink=\"http://www.w3.org/1999/xlink\" xlink:href=\"#a\"/>")
        XCTAssertEqual(used.elements, 1 + 3 + 2 * (1 + 3))
        XCTAssertEqual(used.uses, 2)
        // Filter work: region (default 120% x 120% of the viewport) x kernel, per reference
        // (not where the filter is defined: an unused filter costs nothing).
        let blur = try cost("<filter id=\"f\"><feGaussianBlur stdDeviation=\"2 1\"/></filter><rect filter=\"url(#f)\"/><rect style=\"filter: url('#f')\"/>")
        let area = 120.0 * 60.0
        XCTAssertEqual(blur.filterWork, 2 * area * ((6 * 2 + 1) + (6 * 1 + 1)), accuracy: 1e-6)
        XCTAssertEqual(try cost("<filter id=\"f\"><feGaussianBlur stdDeviation=\"2\"/></filter>").filterWork, 0)
        let morph = try cost("<filter id=\"f\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"10\" height=\"10\">"
                             + "<feMorphology radius=\"3\"/></filter><rect filter=\"url(#f)\"/>",
                             "width=\"200\" height=\"200\" viewBox=\"0 0 100 100\"")
        XCTAssertEqual(morph.filterWork, (20 * 20) * (13 * 13), accuracy: 1e-6, "user units at 2 px each")
        XCTAssertEqual(try cost("<filter id=\"f\"><feConvolveMatrix order=\"5 3\"/></filter><rect filter=\"url(#f)\"/>").filterWork,
                       area * 15, accuracy: 1e-6)
        // The documented formula, at its limit's edge: 100x100, radius 100, used once: 14 400 px x 201² taps.
        let edge = try cost("<filter id=\"f\"><feMorphology radius=\"100\"/></filter><rect filter=\"url(#f)\"/>",
                            "width=\"100\" height=\"100\"")
        XCTAssertEqual(edge.filterWork, 14_400 * 40_401, accuracy: 1e-6)
    }

    /// A cycle of references is refused at once: librsvg refuses it too, but
    /// only after walking every path through it (50 <use>s each way ran for
    /// more than 30 s before this check).
    func testReferenceCyclesAreRefusedAtOnce() throws {
        func svg(_ body: String) -> [UInt8] {
            Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">\(body)</svg>".utf8)
        }
        let fan = svg("<g id=\"a\">" + String(repeating: "<use href=\"#b\"/>", count: 50) + "</g><g id=\"b\">"
                      + String(repeating: "<use href=\"#a\"/>", count: 50) + "</g>")
        try assertRefusedQuickly(fan, naming: "cycle (#a → #b → #a)")
        try assertRefusedQuickly(svg("<g id=\"a\"><use href=\"#a\"/></g>"), naming: "cycle (#a → #a)")
        try assertRefusedQuickly(svg("<use id=\"u\" href=\"#u\"/>"), naming: "cycle")
        try assertRefusedQuickly(svg("<pattern id=\"p\"><rect fill=\"url(#q)\"/></pattern><pattern id=\"q\"><rect fill=\"url(#p)\"/></pattern>"),
                                 naming: "cycle")
        // A filter inside the group it applies to is no cycle.
        XCTAssertNil(refusal(svg("<g id=\"g\" filter=\"url(#f)\"><filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter><rect/></g>")))
    }

    /// An SVG embedded as a data: URI is not read by the scan, so it is refused;
    /// a raster image in a data: URI is not.
    func testEmbeddedSVGDataURIsAreRefused() throws {
        let inner = Data(String(decoding: Self.morphology, as: UTF8.self).utf8).base64EncodedString()
        for (element, href) in [("image", "data:image/svg+xml;base64,\(inner)"), ("feImage", " DATA:image/SVG+xml,%3Csvg/%3E")] {
            let outer = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"10\" height=\"10\">"
                + "<\(element) xlink:href=\"\(href)\" width=\"10\" height=\"10\"/></svg>"
            try assertRefusedQuickly(Array(outer.utf8), naming: "embeds another SVG as a data: URI")
        }
        XCTAssertNil(refusal(Array(("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
                                    + "<image href=\"data:image/png;base64,iVBORw0KGgo=\" width=\"10\" height=\"10\"/></svg>").utf8)))
    }

    func testMalformedAndExternalEntitiesAreRefusedWithTheirReason() {
        let malformed = refusal(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><g></svg>".utf8))
        XCTAssertEqual(malformed?.kind, .corrupt)
        XCTAssertTrue(malformed?.reason.contains("line 1") ?? false, malformed?.reason ?? "")
        let external = refusal(Array(("<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY x SYSTEM \"/etc/passwd\">]>"
                                      + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\">&x;</svg>").utf8))
        XCTAssertEqual(external?.kind, .tooComplex)
        XCTAssertTrue(external?.reason.contains("external entity") ?? false, external?.reason ?? "")
    }

    /// Every SVG of the installed icon themes (adwaita-icon-theme and
    /// hicolor-icon-theme, scripts/debian-packages) passes.
    func testIconThemeSVGsPass() throws {
        let folders = ["/usr/share/icons/Adwaita", "/usr/share/icons/hicolor"]
        var files: [String] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".svg") || relative.hasSuffix(".svgz") {
                files.append(folder + "/" + relative)
            }
        }
        guard files.count >= 200 else {
            if TestPackage.isCI { return XCTFail("CI installs adwaita-icon-theme (scripts/debian-packages): \(files.count) SVGs found") }
            throw XCTSkip("fewer than 200 icon-theme SVGs installed (\(files.count)): apt-get install adwaita-icon-theme")
        }
        var refused: [String] = []
        var most = SVGPrescan.Cost()
        for file in files {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
            do {
                let cost = try SVGPrescan.cost(of: bytes, path: file)
                most = SVGPrescan.Cost(elements: max(most.elements, cost.elements), uses: max(most.uses, cost.uses),
                                       filterWork: max(most.filterWork, cost.filterWork))
                try SVGPrescan.check(bytes, path: file)
            } catch { refused.append("\(error)") }
        }
        print("SVGPrescanTests: \(files.count) icon-theme SVGs, \(files.count - refused.count) accepted; most: "
              + "\(Int(most.elements)) elements, \(Int(most.uses)) uses, filter work \(most.filterWork)")
        XCTAssertEqual(refused, [])
    }
}
