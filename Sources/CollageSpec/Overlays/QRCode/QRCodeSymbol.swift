import CQRencode

/// A QR code symbol (ISO/IEC 18004) as libqrencode encodes it: `side` ×
/// `side` modules, row by row from the top-left, without the quiet zone.
public struct QRCodeSymbol: Sendable, Hashable {
    /// The linked libqrencode's version ("4.1.1"), for `collage --version`.
    public static var libraryVersion: String { String(cString: QRcode_APIVersionString()) }

    /// Modules along each side (21 for version 1, 4 more a version, 177 for version 40).
    public var side: Int
    /// True for a dark module, `side` × `side`, row-major.
    public var dark: [Bool]

    /// Why a text has no symbol.
    public enum Failure: Error, Equatable {
        /// The text is empty (libqrencode encodes no empty string).
        case empty
        /// A NUL character, which a C string cannot hold.
        case nul
        /// More data than the largest symbol (version 40) holds at the level.
        case tooLong
    }

    /// Encodes `text` (UTF-8, modes chosen by libqrencode: numeric,
    /// alphanumeric, 8-bit; case kept) in the smallest version that holds it
    /// at `level`, with libqrencode's `QRcode_encodeString`.
    /// - Throws: `Failure`: `.empty`, `.nul`, `.tooLong` (ERANGE).
    /// The most characters any QR code holds: 7089 digits (version 40-L,
    /// ISO/IEC 18004 table 7).
    public static let maximumCharacters = 7089

    public init(encoding text: String, level: QRCodeLevel) throws(Failure) {
        guard !text.isEmpty else { throw .empty }
        // The largest symbol (version 40, level L) holds 7089 digits; a longer
        // text cannot fit, and libqrencode would spend seconds and gigabytes
        // finding that out on a text of megabytes.
        guard text.utf8.count <= Self.maximumCharacters else { throw .tooLong }
        guard !text.utf8.contains(0) else { throw .nul }
        let ecLevel: QRecLevel = switch level {
        case .L: QR_ECLEVEL_L
        case .M: QR_ECLEVEL_M
        case .Q: QR_ECLEVEL_Q
        case .H: QR_ECLEVEL_H
        }
        guard let code = QRcode_encodeString(text, 0, ecLevel, QR_MODE_8, 1) else { throw .tooLong }
        defer { QRcode_free(code) }
        side = Int(code.pointee.width)
        let data = code.pointee.data!
        // Bit 0 of each byte: 1 is dark (qrencode.h).
        dark = (0..<side * side).map { data[$0] & 1 == 1 }
    }

    /// Whether the module at `column`, `row` (0-based, from the top-left) is dark.
    public func isDark(column: Int, row: Int) -> Bool { dark[row * side + column] }
}

/// `level` of a QR code: how much of the symbol may be lost and still be
/// read (its error correction), about 7 % (L), 15 % (M), 25 % (Q), 30 % (H).
public enum QRCodeLevel: String, Sendable, Hashable, CaseIterable {
    case L, M, Q, H
}
