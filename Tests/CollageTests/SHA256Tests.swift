@testable import Collage
import XCTest

/// SHA256 (Nettle) against FIPS 180-4's examples: the digest render stamps
/// and PDF document IDs are made of.
final class SHA256Tests: XCTestCase {
    private func digest(_ parts: [[UInt8]]) -> String {
        var hash = SHA256()
        for part in parts { hash.update(part) }
        return hash.hex()
    }

    func testKnownDigests() {
        XCTAssertEqual(digest([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(digest([Array("abc".utf8)]), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        XCTAssertEqual(digest([Array(twoBlocks.utf8)]), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // Fed in pieces, as strings and as a non-contiguous sequence, the same.
        var hash = SHA256()
        hash.update("abcdbcdecdefdefg")
        hash.update(Array("efghfghighijhijk".utf8).lazy.map { $0 })
        hash.update(Array("ijkljklmklmnlmnomnopnopq".utf8))
        XCTAssertEqual(hash.hex(), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(digest([[UInt8](repeating: 0x61, count: 1_000_000)]),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
