import Collage
import CollageTestSupport
import Foundation
import XCTest
@testable import CollageServe

/// A kept stamp is reused only while the template and every input are unchanged.
final class StampMemoTests: XCTestCase {
    /// The page and the variant choose what is rendered, written `${page}` in the template or not:
    /// each page of one document has its own stamp (the ETag and the result cache's key).
    func testEachPageHasItsOwnStamp() throws {
        let folder = try TestPackage.temporaryDirectory(self)
        let template = folder.appendingPathComponent("book.yaml").path
        try """
        version: 1
        canvas: {width: 20, height: 20}
        pages:
          - canvas: {background: "#ff0000"}
          - canvas: {background: "#0000ff"}
        """.write(toFile: template, atomically: true, encoding: .utf8)
        let renderer = try DocumentRenderer(root: folder.path)
        let stamps = try ["1", "2"].map { page in
            renderer.stamp(try renderer.load(.file(template), variables: ["page": page]), format: .png, quality: nil)
        }
        XCTAssertNotEqual(stamps[0], stamps[1])
        let again = renderer.stamp(try renderer.load(.file(template), variables: ["page": "2"]), format: .png, quality: nil)
        XCTAssertEqual(again, stamps[1])
    }

    func testKeptStampFollowsTheTemplateAndInputsAndSkipsGlobs() throws {
        let folder = try TestPackage.temporaryDirectory(self)
        let template = folder.appendingPathComponent("card.yaml").path
        let photo = folder.appendingPathComponent("a.svg").path
        try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>".write(toFile: photo, atomically: true, encoding: .utf8)
        try "version: 1\ncanvas: {width: 20, height: 20}\nphotos: [\"${p}\"]\n".write(toFile: template, atomically: true, encoding: .utf8)
        let renderer = try DocumentRenderer(root: folder.path)
        let memo = StampMemo()
        let variables = ["p": "a.svg"]
        let key = StampMemo.key(path: template, variables: variables)
        XCTAssertEqual(key, template + "\u{0}p=a.svg")
        let signature = try XCTUnwrap(StampMemo.signature(of: template))
        let document = try renderer.load(.file(template), variables: variables)
        let inputs = RenderStamp.inputSignatures(of: document.spec)
        XCTAssertEqual(inputs.count, 1)
        let stamp = renderer.stamp(document, format: .png, quality: nil)
        XCTAssertEqual(stamp.count, 64)
        memo.store(key, template: signature, document: document, format: .png, stamp: stamp, inputs: inputs)

        XCTAssertEqual(memo.lookup(key, template: signature, format: .png)?.1, stamp)
        XCTAssertNotNil(memo.lookup(key, template: signature, format: .jpeg), "the document is kept; the JPEG stamp is not yet")
        XCTAssertNil(memo.lookup(key, template: signature, format: .jpeg)?.1)
        XCTAssertNil(memo.lookup(key, template: "0 0", format: .png), "another template signature")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: photo)
        XCTAssertNil(memo.lookup(key, template: signature, format: .png), "a touched input: load and stamp again")
        let touched = renderer.stamp(document, format: .png, quality: nil)
        XCTAssertNotEqual(touched, stamp)

        let globbed = try renderer.load(.file(template), variables: ["p": "*.svg"])
        let globKey = StampMemo.key(path: template, variables: ["p": "*.svg"])
        memo.store(globKey, template: signature, document: globbed, format: .png, stamp: touched,
                   inputs: RenderStamp.inputSignatures(of: globbed.spec))
        XCTAssertNil(memo.lookup(globKey, template: signature, format: .png), "a glob's photo list may change: never kept")
    }

    func testCheckedStampIsTrustedOnlyWithinItsValidity() {
        let checked = CheckedStamps(validity: 1, capacity: 2)
        checked.store("/og.jpg?title=A", format: .jpeg, stamp: "aa", versioned: false, checked: 100)
        XCTAssertEqual(checked.lookup("/og.jpg?title=A", now: 100.5)?.stamp, "aa")
        XCTAssertEqual(checked.lookup("/og.jpg?title=A", now: 100.5)?.format, .jpeg)
        XCTAssertNil(checked.lookup("/og.jpg?title=A", now: 101), "1 s after its check: stat again")
        XCTAssertNil(checked.lookup("/og.jpg?title=a", now: 100.5), "keyed by the target exactly as sent")
        // A new check moves the window.
        checked.store("/og.jpg?title=A", format: .jpeg, stamp: "bb", versioned: false, checked: 101)
        XCTAssertEqual(checked.lookup("/og.jpg?title=A", now: 101.9)?.stamp, "bb")
        // Full (2 targets): a third starts it empty.
        checked.store("/og.png", format: .png, stamp: "cc", versioned: false, checked: 101)
        checked.store("/og.webp", format: .webp, stamp: "dd", versioned: false, checked: 101)
        XCTAssertNil(checked.lookup("/og.jpg?title=A", now: 101.5))
        XCTAssertNil(checked.lookup("/og.png", now: 101.5))
        XCTAssertEqual(checked.lookup("/og.webp", now: 101.5)?.stamp, "dd")
        // Whether the answer is immutable is kept with it; new keys forget every target.
        checked.store("/og.jpg?v=0123abcd&sig=x", format: .jpeg, stamp: "0123abcdef", versioned: true, checked: 101)
        XCTAssertEqual(checked.lookup("/og.jpg?v=0123abcd&sig=x", now: 101.5)?.versioned, true)
        XCTAssertEqual(checked.lookup("/og.webp", now: 101.5)?.versioned, false)
        checked.removeAll()
        XCTAssertNil(checked.lookup("/og.jpg?v=0123abcd&sig=x", now: 101.5))
        // 0 s: nothing is kept, every request checks.
        let never = CheckedStamps(validity: 0)
        never.store("/og.jpg", format: .jpeg, stamp: "ee", versioned: false, checked: 100)
        XCTAssertNil(never.lookup("/og.jpg", now: 100))
    }
}
