import XCTest
@testable import CollageSpec

/// The libyaml reader: locations, syntax errors, tabs, BOM, duplicate keys, aliases.
final class ReaderTests: XCTestCase {
    private func read(_ text: String) -> YAMLReader.Result {
        YAMLReader.read(SourceText(file: "t.yaml", bytes: Array(text.utf8)))
    }

    private func entries(_ node: Node?) -> [Node.Entry] {
        guard case .mapping(let entries)? = node?.content else { XCTFail("not a mapping"); return [] }
        return entries
    }

    func testLocationsAreOneBasedAndCountUnicodeScalars() {
        // "日本語" is 3 scalars but 9 UTF-8 bytes: `size` is at column 15 (21 if bytes were counted).
        let result = read("a: 1\nb: {t: \"日本語\", size: 5}\n")
        XCTAssertTrue(result.diagnostics.isEmpty)
        let top = entries(result.root)
        XCTAssertEqual(top.map(\.key), ["a", "b"])
        XCTAssertEqual(top[1].keyLocation, SourceLocation(file: "t.yaml", line: 2, column: 1))
        let inner = entries(top[1].value)
        XCTAssertEqual(inner[1].key, "size")
        XCTAssertEqual(inner[1].keyLocation.column, 15)
        XCTAssertEqual(inner[1].value.location.column, 21)
        guard case .scalar(let text, let style) = inner[0].value.content else { return XCTFail() }
        XCTAssertEqual(text, "日本語")
        XCTAssertEqual(style, .quoted)
    }

    func testByteOrderMarkIsSkippedWithoutShiftingColumns() {
        let result = YAMLReader.read(SourceText(file: "t.yaml", bytes: [0xEF, 0xBB, 0xBF] + Array("key: v\n".utf8)))
        XCTAssertTrue(result.diagnostics.isEmpty)
        XCTAssertEqual(entries(result.root).first?.keyLocation.column, 1)
        XCTAssertEqual(entries(result.root).first?.value.location.column, 6)
    }

    func testTabIndentationIsASyntaxErrorThatSaysTab() {
        let result = read("canvas:\n\twidth: 3\n")
        XCTAssertEqual(places(result.diagnostics), [Where(.syntax, 2, 1)])
        XCTAssertTrue(result.diagnostics[0].message.contains("tab"), result.diagnostics[0].message)
        // Spaces then a tab: located at the tab.
        let mixed = read("canvas:\n  \twidth: 3\n")
        XCTAssertEqual(places(mixed.diagnostics), [Where(.syntax, 2, 3)])
        XCTAssertTrue(mixed.diagnostics[0].message.contains("tab"))
    }

    func testTabsInsideQuotesBeforeCommentsAndInJSONAreFine() {
        XCTAssertTrue(read("a: \"x\ty\"\t# comment\n").diagnostics.isEmpty)
        XCTAssertTrue(read("{\n\t\"a\": 1,\n\t\"b\": [1,\t2]\n}\n").diagnostics.isEmpty)
    }

    func testSyntaxErrorsAreLocated() {
        let result = read("a: 1\nb: [1, 2\n")
        XCTAssertEqual(result.diagnostics.map(\.kind), [.syntax])
        XCTAssertEqual(result.diagnostics[0].location?.line, 3)
        let colon = read("a: b: c\n")
        XCTAssertEqual(places(colon.diagnostics), [Where(.syntax, 1, 5)])
        XCTAssertTrue(colon.diagnostics[0].message.hasPrefix("syntax error: mapping values are not allowed"))
    }

    func testInvalidUTF8IsLocated() {
        let result = YAMLReader.read(SourceText(file: "t.yaml", bytes: Array("a: 1\nb: ".utf8) + [0xFF, 0x0A]))
        XCTAssertEqual(places(result.diagnostics), [Where(.syntax, 2, 4)])
    }

    func testDuplicateKeysNameBothLinesAndKeepTheFirstValue() {
        let result = read("a: 1\nb: 2\na: 3\n")
        XCTAssertEqual(places(result.diagnostics), [Where(.duplicateKey, 3, 1)])
        XCTAssertTrue(result.diagnostics[0].message.contains("line 3"))
        XCTAssertTrue(result.diagnostics[0].message.contains("line 1"))
        let top = entries(result.root)
        XCTAssertEqual(top.map(\.key), ["a", "b"])
        guard case .scalar("1", _) = top[0].value.content else { return XCTFail("first value not kept") }
    }

    func testAliasesExpandAndAreLocatedAtTheAlias() {
        let result = read("a: &x {k: 1}\nb: *x\n")
        XCTAssertTrue(result.diagnostics.isEmpty)
        let top = entries(result.root)
        XCTAssertEqual(top[1].value.location, SourceLocation(file: "t.yaml", line: 2, column: 4))
        XCTAssertEqual(entries(top[1].value).map(\.key), ["k"])
    }

    func testTwentyReusesOfOneAnchorAreFine() {
        let text = "base: &p {src: a.jpg, fit: cover}\nlist:\n" + String(repeating: "  - *p\n", count: 20)
        let result = read(text)
        XCTAssertTrue(result.diagnostics.isEmpty)
        guard case .sequence(let items)? = entries(result.root).last?.value.content else { return XCTFail() }
        XCTAssertEqual(items.count, 20)
    }

    func testBillionLaughsIsRejectedByTheExpansionCounter() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(refs)]\n"
        }
        XCTAssertLessThan(text.utf8.count, 1000)
        let result = read(text)
        XCTAssertEqual(result.diagnostics.map(\.kind), [.tooManyAliases])
        // Aliases of a0 (11 nodes), a1 (111), a2 (1111), a3 (11111) sum past
        // 100000 within line 5, the tenth `*a3` of a4.
        XCTAssertEqual(result.diagnostics.first?.location?.line, 5)
        XCTAssertNil(result.root)
    }

    func testUndefinedAliasIsAnError() {
        XCTAssertEqual(places(read("a: *nope\n").diagnostics), [Where(.syntax, 1, 4)])
    }

    func testASecondDocumentIsAnError() {
        XCTAssertEqual(places(read("a: 1\n---\nb: 2\n").diagnostics), [Where(.syntax, 2, 1)])
    }
}
