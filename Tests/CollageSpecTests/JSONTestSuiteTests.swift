import Foundation
import XCTest
@testable import CollageSpec

/// JSONTestSuite's `test_parsing` (Tests/Fixtures/JSONTestSuite, MIT, by
/// Nicolas Seriot) read by `JSONReader` through `DocumentSyntax`, as a
/// `.json` document: every `y_` file reads with no syntax diagnostic, every
/// `n_` file gets one (an error, or for the two lenient forms a warning) at a
/// line:column, and every `i_` file is handled as `implementationDefined` says
/// (docs/format.md "JSON").
final class JSONTestSuiteTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

    /// The n_ files that are lenient forms: a warning of kind syntax, an error under --strict.
    static let lenient: Set<String> = [
        "n_array_extra_comma.json", "n_array_number_and_comma.json", "n_object_trailing_comma.json",
        "n_object_single_quote.json", "n_string_single_quote.json",
    ]

    /// The i_ files read without a syntax error (true) or refused with one (false).
    static let implementationDefined: [String: Bool] = [
        // Numbers are kept as written; the key that holds one range-checks it.
        "i_number_double_huge_neg_exp.json": true,
        "i_number_huge_exp.json": true,
        "i_number_neg_int_huge_exp.json": true,
        "i_number_pos_double_huge_exp.json": true,
        "i_number_real_neg_overflow.json": true,
        "i_number_real_pos_overflow.json": true,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        // Nesting up to 512 levels is read.
        "i_structure_500_nested_arrays.json": true,
        // A UTF-8 byte order mark is skipped.
        "i_structure_UTF-8_BOM_empty_object.json": true,
        // An unpaired surrogate escape cannot be held by a string: refused.
        "i_object_key_lone_2nd_surrogate.json": false,
        "i_string_1st_surrogate_but_2nd_missing.json": false,
        "i_string_1st_valid_surrogate_2nd_invalid.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": false,
        "i_string_incomplete_surrogate_pair.json": false,
        "i_string_incomplete_surrogates_escape_valid.json": false,
        "i_string_invalid_lonely_surrogate.json": false,
        "i_string_invalid_surrogate.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": false,
        "i_string_lone_second_surrogate.json": false,
        // Text that is not UTF-8 is refused (RFC 8259 §8.1: JSON is UTF-8).
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_invalid_utf-8.json": false,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
    ]

    func read(_ name: String) throws -> [Diagnostic] {
        let bytes = try Array(Data(contentsOf: Self.folder.appendingPathComponent(name)))
        return DocumentSyntax.read(SourceText(file: name, bytes: bytes)).diagnostics
    }

    func files(_ prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    func testTheSuiteIsComplete() throws {
        XCTAssertEqual(try files("y_").count, 95)
        XCTAssertEqual(try files("n_").count, 188)
        XCTAssertEqual(try files("i_").count, 35)
        XCTAssertEqual(Set(try files("i_")), Set(Self.implementationDefined.keys))
    }

    func testEveryMustAcceptFileReadsWithoutASyntaxDiagnostic() throws {
        for name in try files("y_") {
            let syntax = try read(name).filter { $0.kind == .syntax }
            XCTAssertEqual(syntax.map(\.description), [], name)
        }
    }

    func testEveryMustRejectFileGetsALocatedSyntaxDiagnostic() throws {
        for name in try files("n_") {
            let syntax = try read(name).filter { $0.kind == .syntax }
            let first = try XCTUnwrap(syntax.first, "\(name): no syntax diagnostic")
            XCTAssertNotNil(first.location, name)
            XCTAssertGreaterThanOrEqual(first.location?.line ?? 0, 1, name)
            XCTAssertGreaterThanOrEqual(first.location?.column ?? 0, 1, name)
            let errors = syntax.filter { $0.severity == .error }
            if Self.lenient.contains(name) {
                XCTAssertEqual(errors.map(\.description), [], name)
                XCTAssertTrue(first.message.hasPrefix("not strict JSON: "), "\(name): \(first.message)")
            } else {
                XCTAssertFalse(errors.isEmpty, "\(name): only warnings: \(syntax)")
            }
        }
    }

    func testImplementationDefinedFilesAreHandledAsDocumented() throws {
        for (name, accepted) in Self.implementationDefined.sorted(by: { $0.key < $1.key }) {
            let errors = try read(name).filter { $0.kind == .syntax && $0.severity == .error }
            if accepted {
                XCTAssertEqual(errors.map(\.description), [], name)
            } else {
                XCTAssertEqual(errors.count, 1, "\(name): \(errors)")
                XCTAssertNotNil(errors.first?.location, name)
            }
        }
    }
}
