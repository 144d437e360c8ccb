import XCTest
@testable import CollageSpec

/// `JSONReader` (RFC 8259) beyond JSONTestSuite: values, locations in
/// Unicode scalars, escapes, limits, lenient forms, and how `DocumentSyntax`
/// picks it.
final class JSONReaderTests: XCTestCase {
    private func read(_ text: String, file: String = "t.json") -> YAMLReader.Result {
        DocumentSyntax.read(SourceText(file: file, bytes: Array(text.utf8)))
    }

    private func entries(_ node: Node?) -> [Node.Entry] {
        guard case .mapping(let entries)? = node?.content else { XCTFail("not a mapping"); return [] }
        return entries
    }

    private func scalar(_ node: Node?) -> String? {
        guard case .scalar(let text, _)? = node?.content else { return nil }
        return text
    }

    func testValuesAndLocationsCountUnicodeScalars() {
        let result = read("{\"t\": \"日本語\", \"n\": -1.5e3,\r\n  \"b\": [true, null]}")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let top = entries(result.root)
        XCTAssertEqual(top.map(\.key), ["t", "n", "b"])
        XCTAssertEqual(top[1].keyLocation, SourceLocation(file: "t.json", line: 1, column: 14))
        XCTAssertEqual(scalar(top[1].value), "-1.5e3")
        XCTAssertEqual(top[1].value.location.column, 19)
        XCTAssertEqual(top[2].keyLocation, SourceLocation(file: "t.json", line: 2, column: 3))
        guard case .sequence(let items) = top[2].value.content else { return XCTFail() }
        XCTAssertEqual(items.map(scalar), ["true", "null"])
        XCTAssertEqual(items.map(\.location.column), [9, 15])
        guard case .scalar(_, let style) = top[0].value.content, case .scalar(_, let plain) = top[1].value.content
        else { return XCTFail() }
        XCTAssertEqual(style, .quoted)
        XCTAssertEqual(plain, .plain)
    }

    func testSurrogatePairsDELAndNoncharacters() {
        // Python's json.dumps("😀 café") escapes everything outside ASCII.
        let odd = String(String.UnicodeScalarView([0x7F, 0xFFFF, 0xFDD0, 0x10FFFF].map { Unicode.Scalar($0)! }))
        let result = read(#"{"a": "\ud83d\ude00 caf\u00e9", "b": "\u007f\u0000", "c": ""# + odd + "\"}")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        XCTAssertEqual(entries(result.root).map { scalar($0.value) }, ["😀 café", "\u{7F}\u{0}", odd])
        // The column after an emoji counts one scalar for it.
        XCTAssertEqual(places(read("[\"😀\", x]").diagnostics), [Where(.syntax, 1, 7)])
    }

    func testEveryInvalidInputIsASyntaxErrorAtItsPlace() {
        let cases: [(String, Int, Int)] = [
            ("", 1, 1), ("  \n ", 2, 2), ("[1 2]", 1, 4), ("{\"a\" 1}", 1, 6), ("[-01]", 1, 2), ("[NaN]", 1, 2),
            ("[tru]", 1, 2), ("{\"a\":/*c*/1}", 1, 6), ("[\"\\x41\"]", 1, 3), ("[\"a\nb\"]", 1, 4), ("[1]x", 1, 4),
            ("{version: 1}", 1, 2), ("[\"\\ud800\"]", 1, 3), ("[\"\\udc00\"]", 1, 3), ("[.5]", 1, 2), ("[1.]", 1, 2),
            ("[+1]", 1, 2), ("[0x1]", 1, 2), ("\u{0C}[]", 1, 1), ("[\"\t\"]", 1, 3), ("[1,,2]", 1, 4), ("\"abc", 1, 1),
        ]
        for (text, line, column) in cases {
            let errors = read(text).diagnostics.filter { $0.severity == .error }
            XCTAssertEqual(places(errors).first, Where(.syntax, line, column), "\(text.debugDescription): \(errors)")
        }
    }

    func testNestingIsCappedAt512() {
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertEqual(read(fine).diagnostics.map(\.description), [])
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let result = read(deep)
        XCTAssertEqual(places(result.diagnostics), [Where(.syntax, 1, 513)])
        XCTAssertEqual(result.diagnostics.first?.message, "the document nests more than 512 levels deep")
        XCTAssertNil(result.root)
        // 100 000 opening brackets stop at the cap, without exhausting the stack.
        XCTAssertEqual(places(read(String(repeating: "[", count: 100_000)).diagnostics), [Where(.syntax, 1, 513)])
    }

    func testTrailingCommasAndSingleQuotesAreWarningsOfKindSyntax() {
        let result = read("{'a': [1, 2,], \"b\": 'it\\'s',}")
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "t.json:1:2: warning: not strict JSON: single-quoted string; use double quotes",
            "t.json:1:12: warning: not strict JSON: trailing comma",
            "t.json:1:21: warning: not strict JSON: single-quoted string; use double quotes",
            "t.json:1:28: warning: not strict JSON: trailing comma",
        ])
        XCTAssertEqual(entries(result.root).map { scalar($0.value) }, [nil, "it's"])
    }

    func testDuplicateKeysAndMergeKeyIsPlain() {
        let result = read(#"{"a": 1, "<<": {"b": 2}, "a": 3}"#)
        XCTAssertEqual(places(result.diagnostics), [Where(.duplicateKey, 1, 26)])
        let top = entries(result.root)
        XCTAssertEqual(top.map(\.key), ["a", "<<"])
        XCTAssertEqual(scalar(top[0].value), "1")
    }

    func testCommentsAreErrorsWhereTheyAreAndReadingGoesOn() {
        let result = read("{\"a\": 1, // one\n \"b\": /* two */ 2}")
        XCTAssertEqual(places(result.diagnostics), [Where(.syntax, 1, 10), Where(.syntax, 2, 7)])
        XCTAssertEqual(places(read("[1 /* open").diagnostics), [Where(.syntax, 1, 4), Where(.syntax, 1, 4)])
    }

    func testDocumentSyntaxPicksTheReader() {
        // Standard input (no extension) that is valid JSON is read as JSON: surrogate pairs work.
        let stdin = read(#"{"t": "\ud83d\ude00"}"#, file: "<stdin>")
        XCTAssertEqual(entries(stdin.root).map { scalar($0.value) }, ["😀"])
        // YAML flow text on standard input is still YAML.
        XCTAssertEqual(entries(read("{t: x}", file: "<stdin>").root).map { scalar($0.value) }, ["x"])
        // A .yaml file is YAML even when it is valid JSON: `<<` merges there.
        let yaml = read(#"{"b": &b {"x": 1}, "c": {"<<": *b}}"#, file: "t.yaml")
        XCTAssertEqual(yaml.diagnostics.map(\.description), [])
        XCTAssertEqual(entries(entries(yaml.root)[1].value).map(\.key), ["<<"],
                       "a quoted '<<' is a plain string key, not a merge")
        // A comment in a YAML flow document is still the JSON-comment error.
        XCTAssertEqual(places(read("{a: 1, // c\n}", file: "t.yaml").diagnostics), [Where(.syntax, 1, 8)])
    }
}

/// The YAML subset: one document, `!!str` the only tag, merge keys.
final class YAMLSubsetTests: XCTestCase {
    private func read(_ text: String) -> YAMLReader.Result {
        YAMLReader.read(SourceText(file: "t.yaml", bytes: Array(text.utf8)))
    }

    private func mapping(_ node: Node?) -> [(String, String?, Int)] {
        guard case .mapping(let entries)? = node?.content else { XCTFail("not a mapping"); return [] }
        return entries.map { entry in
            if case .scalar(let text, _) = entry.value.content { return (entry.key, text, entry.keyLocation.line) }
            return (entry.key, nil, entry.keyLocation.line)
        }
    }

    func testADocumentStartingWithThreeDashesIsAccepted() {
        let result = read("---\na: 1\n...\n")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        XCTAssertEqual(mapping(result.root).map(\.0), ["a"])
    }

    func testTagsOtherThanStrAreRefusedWhereTheyAre() {
        XCTAssertEqual(read("a: !!str 5\n").diagnostics.map(\.description), [])
        for (text, column, tag) in [("a: !!int 5\n", 4, "!!int"), ("a: !photo x\n", 4, "!photo"),
                                    ("a: !!map {b: 1}\n", 4, "!!map"), ("a: !!seq [1]\n", 4, "!!seq"),
                                    ("a: !<tag:example.com,2026:x> 1\n", 4, "tag:example.com,2026:x")] {
            let result = read(text)
            XCTAssertEqual(places(result.diagnostics), [Where(.syntax, 1, column)], text)
            XCTAssertEqual(result.diagnostics.first?.message, "the YAML tag '\(tag)' is not supported; only '!!str' is", text)
            XCTAssertNil(result.root, text)
        }
    }

    func testMergeKeysOverrideAndKeepTheAnchorsLocations() {
        let result = read("""
            base: &base {fit: cover, src: a.jpg}
            more: &more {fit: contain, opacity: 1}
            one: {<<: *base, src: b.jpg}
            two:
              <<: [*more, *base]
              id: x
            three:
              src: c.jpg
              <<: *base
            """)
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        guard case .mapping(let top)? = result.root?.content else { return XCTFail() }
        let one = mapping(top[2].value), two = mapping(top[3].value), three = mapping(top[4].value)
        // Explicit keys win and are no duplicate; merged entries sit where `<<` is, located in the anchor.
        XCTAssertEqual(one.map(\.0), ["fit", "src"])
        XCTAssertEqual(one.map(\.1), ["cover", "b.jpg"])
        XCTAssertEqual(one.map(\.2), [1, 3])
        // In a list, the earlier mapping wins.
        XCTAssertEqual(two.map(\.0), ["fit", "opacity", "src", "id"])
        XCTAssertEqual(two.map(\.1), ["contain", "1", "a.jpg", "x"])
        XCTAssertEqual(two.map(\.2), [2, 2, 1, 6])
        XCTAssertEqual(three.map(\.0), ["src", "fit"])
        XCTAssertEqual(three.map(\.1), ["c.jpg", "cover"])
    }

    func testAMergeOfSomethingElseIsAWrongType() {
        XCTAssertEqual(places(read("a: {<<: 5}\n").diagnostics), [Where(.wrongType, 1, 9)])
        XCTAssertEqual(places(read("a: &x [1]\nb: {<<: [*x]}\n").diagnostics), [Where(.wrongType, 2, 10)])
        // Two merge keys in one mapping are a duplicate key, as any key twice.
        XCTAssertEqual(places(read("a: &x {b: 1}\nc: {<<: *x, <<: *x}\n").diagnostics), [Where(.duplicateKey, 2, 13)])
        // A quoted '<<' is an ordinary key.
        guard case .mapping(let top)? = read("a: &x {b: 1}\nc: {'<<': *x}\n").root?.content else { return XCTFail() }
        XCTAssertEqual(mapping(top[1].value).map(\.0), ["<<"])
    }
}
