import XCTest
import CollageSpec

/// `VariableSyntax`, the one scanner of `${name}` that substitution, the
/// references' source columns and the batch's row notes share.
final class VariableSyntaxTests: XCTestCase {
    func testPiecesSplitTextReferencesAndEscapes() {
        XCTAssertEqual(VariableSyntax.pieces(of: "a ${x}-${y_2}b".unicodeScalars),
                       [.text("a "), .reference(name: "x", offset: 2), .text("-"), .reference(name: "y_2", offset: 7), .text("b")])
        // `$${` is a literal `${`; `$$` before anything else stays `$$`.
        XCTAssertEqual(VariableSyntax.pieces(of: "$${x} $$y $".unicodeScalars), [.text("${x} $$y $")])
        // `$$${a}`: the first `$$${` is not an escape (`$$` is followed by `$`), so a `$` is literal and `$${` escapes.
        XCTAssertEqual(VariableSyntax.pieces(of: "$$${a}".unicodeScalars), [.text("$${a}")])
        // Offsets count Unicode scalars, so a CJK prefix does not shift them.
        XCTAssertEqual(VariableSyntax.pieces(of: "夏休み${y}".unicodeScalars), [.text("夏休み"), .reference(name: "y", offset: 3)])
    }

    func testAnUnclosedReferenceEndsTheScan() {
        XCTAssertEqual(VariableSyntax.pieces(of: "${a} ${b and ${c}".unicodeScalars),
                       [.reference(name: "a", offset: 0), .text(" "), .reference(name: "b and ${c", offset: 5)])
        XCTAssertEqual(VariableSyntax.pieces(of: "x ${open".unicodeScalars), [.text("x "), .unclosed(offset: 2)])
        XCTAssertEqual(VariableSyntax.names(in: "x ${open".unicodeScalars), [])
    }

    func testNamesAreEachOnceInOrderOfFirstUse() {
        XCTAssertEqual(VariableSyntax.names(in: "${b}${a}${b} $${c}".unicodeScalars), ["b", "a"])
        XCTAssertEqual(VariableSyntax.pieces(of: "".unicodeScalars), [])
    }
}
