import Collage
import CollageTestSupport
import Foundation
import XCTest
@testable import CollageServe

/// A kept stamp is reused only while the template and every input are unchanged.
final class StampMemoTests: XCTestCase {
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
}
