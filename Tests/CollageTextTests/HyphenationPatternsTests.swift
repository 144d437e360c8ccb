@testable import CollageText
import CHyphen
import XCTest

/// `HyphenationPatterns`: each word is hyphenated with a dictionary cut from
/// its file for that word, and must get exactly libhyphen's hyphens with the
/// whole file.
final class HyphenationPatternsTests: XCTestCase {
    private func fixture(_ name: String) throws -> String {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return try String(contentsOfFile: parts.joined(separator: "/") + "/Fixtures/" + name, encoding: .utf8)
    }

    /// German (Latin-1, two levels: compounds, then their parts): 321 words
    /// (70 real ones, compounds of up to three dictionary fragments) as
    /// libhyphen hyphenates them with the whole hyph_de_DE.dic, written by
    /// Fixtures/hyphenation-de-reference.c. Loading the whole file takes 5 s
    /// or more, so the reference is a fixture.
    func testGermanCutsGiveTheWholeDictionarysHyphens() throws {
        let lines = try fixture("hyphenation-de.txt").split(separator: "\n").filter { !$0.hasPrefix("#") }
        XCTAssertEqual(lines.count, 321)
        var hyphenated = 0
        for line in lines {
            var points: [Int] = []
            var count = 0
            for character in line {
                if character == "-" { points.append(count) } else { count += 1 }
            }
            let word = line.replacingOccurrences(of: "-", with: "")
            XCTAssertEqual(Hyphenator.shared.points(in: word, lang: "de"), points, String(line))
            if !points.isEmpty { hyphenated += 1 }
        }
        XCTAssertGreaterThan(hyphenated, 300)
    }

    /// English, French and Spanish (UTF-8; French has two levels): the cut
    /// against the whole file loaded by libhyphen, on 1,500 words a
    /// dictionary made of its own pattern keys (one to three joined, from a
    /// fixed seed) and the hand-made English list.
    func testCutsMatchTheWholeFileInEnglishFrenchAndSpanish() throws {
        let english = try fixture("hyphenation-en-US.txt").split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.map { $0.replacingOccurrences(of: "-", with: "").lowercased() }
        for name in ["hyph_en_US.dic", "hyph_fr.dic", "hyph_es_ES.dic"] {
            let path = Hyphenator.directory + "/" + name
            let patterns = try XCTUnwrap(HyphenationPatterns(path: path), name)
            XCTAssertEqual(patterns.charset, "UTF-8")
            let whole = try XCTUnwrap(hnj_hyphen_load(path), name)
            defer { hnj_hyphen_free(whole) }
            let fragments = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
                .filter { line in line.first.map { $0.isLowercase || $0 == "." } ?? false }
                .map { line in String(line.prefix { $0 != "/" && $0 != " " }.filter { !$0.isNumber && $0 != "." }) }
                .filter { $0.count >= 2 }
            XCTAssertGreaterThan(fragments.count, 100, name)
            var seed: UInt64 = 20_261_201
            func next(_ bound: Int) -> Int {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((seed >> 33) % UInt64(bound))
            }
            var words = english
            for _ in 0 ..< 1500 { words.append((0 ... next(3)).map { _ in fragments[next(fragments.count)] }.joined()) }
            var differ: [String] = [], hyphenated = 0
            for word in words {
                let bytes = Array(word.utf8)
                let cut = try XCTUnwrap(patterns.dictionary(for: bytes))
                defer { hnj_hyphen_free(cut) }
                let expected = Hyphenator.hyphens(in: bytes, with: whole)
                if Hyphenator.hyphens(in: bytes, with: cut) != expected { differ.append(word) }
                if expected?.contains(true) == true { hyphenated += 1 }
            }
            XCTAssertEqual(differ, [], name)
            XCTAssertGreaterThan(hyphenated, 1000, name)
        }
    }

    /// A cut holds the charset line, the keywords and only what the word
    /// reaches: for "hyphenation" a few dozen of English's 11,110 lines.
    func testACutIsSmall() throws {
        let patterns = try XCTUnwrap(HyphenationPatterns(path: Hyphenator.directory + "/hyph_en_US.dic"))
        let text = String(decoding: patterns.cut(for: Array("hyphenation".utf8)), as: UTF8.self)
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.first, "UTF-8")
        XCTAssertTrue(lines.contains("LEFTHYPHENMIN 2"), text)
        XCTAssertLessThan(lines.count, 120)
        XCTAssertGreaterThan(lines.count, 10)
    }
}
