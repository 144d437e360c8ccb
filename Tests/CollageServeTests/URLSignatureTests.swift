import XCTest
@testable import CollageServe
import CollageTestSupport
import Foundation

/// Signed URLs: the normal form, HMAC-SHA256 (RFC 4231 vectors), URL-safe
/// base64, key files and rotation.
final class URLSignatureTests: XCTestCase {
    func testHMACMatchesRFC4231TestCase2() {
        let mac = HMACSHA256.mac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        XCTAssertEqual(mac.map { String(format: "%02x", $0) }.joined(),
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    func testBase64URLHasNoPaddingAndTheURLAlphabet() {
        XCTAssertEqual(Base64URL.encode([0xfb, 0xff]), "-_8")
        XCTAssertEqual(Base64URL.encode(Array("foobar".utf8)), "Zm9vYmFy")
        XCTAssertEqual(Base64URL.encode(Array("fo".utf8)), "Zm8")
        XCTAssertEqual(Base64URL.decode("Zm8="), Array("fo".utf8))
        XCTAssertEqual(Base64URL.decode("-_8"), [0xfb, 0xff])
        XCTAssertEqual(Base64URL.decode("+/8"), [0xfb, 0xff])
        XCTAssertNil(Base64URL.decode("Zm9v!"))
    }

    func testNormalFormSortsStablyAndReencodes() throws {
        let a = try XCTUnwrap(RequestTarget("/a%20b.jpg?t=x+y&a=%7e&sig=zzz"))
        let b = try XCTUnwrap(RequestTarget("/a b.jpg?a=~&t=x%20y"))
        XCTAssertEqual(URLSignature.normalForm(of: a), "/a%20b.jpg?a=~&t=x%20y")
        XCTAssertEqual(URLSignature.normalForm(of: a), URLSignature.normalForm(of: b))
        // Repeated names keep their order; different names sort by bytes.
        let c = try XCTUnwrap(RequestTarget("/c.png?z=1&b=2&z=0&B=3"))
        XCTAssertEqual(URLSignature.normalForm(of: c), "/c.png?B=3&b=2&z=1&z=0")
        XCTAssertEqual(URLSignature.normalForm(of: try XCTUnwrap(RequestTarget("/d.png"))), "/d.png")
        XCTAssertEqual(URLSignature.normalForm(of: try XCTUnwrap(RequestTarget("/%C3%A9.png?t=%E2%82%AC"))),
                       "/%C3%A9.png?t=%E2%82%AC")
        XCTAssertNil(RequestTarget("/x.png?t=%zz"))
    }

    func testSignedURLVerifiesUnderAnyKeyAndNotAfterATamper() throws {
        let old = Array(repeating: UInt8(7), count: 32), new = Array(repeating: UInt8(9), count: 32)
        let signed = try XCTUnwrap(URLSignature.sign("/og.jpg?title=Summer+2026", key: new))
        XCTAssertTrue(signed.hasPrefix("/og.jpg?title=Summer+2026&sig="))
        XCTAssertEqual(signed.count, "/og.jpg?title=Summer+2026&sig=".count + 43)
        let target = try XCTUnwrap(RequestTarget(signed))
        XCTAssertTrue(URLSignature.verify(target, keys: [old, new]))
        XCTAssertTrue(URLSignature.verify(target, keys: [new]))
        XCTAssertFalse(URLSignature.verify(target, keys: [old]))
        let tampered = try XCTUnwrap(RequestTarget(signed.replacing("Summer", with: "Winter")))
        XCTAssertFalse(URLSignature.verify(tampered, keys: [old, new]))
        XCTAssertFalse(URLSignature.verify(try XCTUnwrap(RequestTarget("/og.jpg?title=x")), keys: [new]))
        // Two sigs are refused even when one is right.
        XCTAssertFalse(URLSignature.verify(try XCTUnwrap(RequestTarget(signed + "&sig=AAAA")), keys: [new]))
        // A whole URL keeps its scheme and host; an old sig is replaced.
        let whole = try XCTUnwrap(URLSignature.sign("http://127.0.0.1:8080/og.jpg?title=Hi&sig=old", key: new))
        XCTAssertTrue(whole.hasPrefix("http://127.0.0.1:8080/og.jpg?title=Hi&sig="))
        XCTAssertFalse(whole.contains("sig=old"))
    }

    func testConstantTimeEqual() {
        XCTAssertTrue(HMACSHA256.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        XCTAssertFalse(HMACSHA256.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        XCTAssertFalse(HMACSHA256.constantTimeEqual([1, 2], [1, 2, 3]))
    }

    func testKeyFileHexBase64CommentsAndReload() throws {
        let folder = try TestPackage.temporaryDirectory(self)
        let path = folder.appendingPathComponent("keys.txt").path
        let hex = String(repeating: "ab", count: 16)
        try "# rotation: the first signs\n\(hex)\n\n  \(Base64URL.encode(Array(repeating: 1, count: 24)))=  \n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let keys = try SigningKeys(path: path)
        XCTAssertEqual(keys.keys, [Array(repeating: 0xab, count: 16), Array(repeating: 1, count: 24)])
        try "\(String(repeating: "cd", count: 20))\n".write(toFile: path, atomically: true, encoding: .utf8)
        try keys.reload()
        XCTAssertEqual(keys.keys, [Array(repeating: 0xcd, count: 20)])
        try "short\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try keys.reload()) { error in
            XCTAssertTrue("\(error)".contains("keys.txt:1"), "\(error)")
        }
        XCTAssertEqual(keys.keys, [Array(repeating: 0xcd, count: 20)], "a bad file keeps the old keys")
    }
}
