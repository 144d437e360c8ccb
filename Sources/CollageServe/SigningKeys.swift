#if canImport(Glibc)
import Glibc
#endif

/// The keys of `--key FILE`: one a line, hex (an even number of hex
/// digits) or base64 (either alphabet, padding optional), at least 16 bytes
/// each; blank lines and lines starting with `#` are skipped. Several keys
/// allow rotation: `collage sign` signs with the first, `collage serve`
/// accepts a signature by any. `reload()` (SIGHUP) reads the file again;
/// a file that no longer reads keeps the keys it had.
public final class SigningKeys: @unchecked Sendable {
    /// The fewest bytes a key may have.
    public static let minimumBytes = 16
    public let path: String
    private let lock = ConditionLock()
    private var current: [[UInt8]]

    /// Reads the keys at `path`.
    /// - Throws: `SigningKeys.Failure` naming the file and line.
    public init(path: String) throws(Failure) {
        self.path = path
        current = try Self.read(path)
    }

    /// Why a key file cannot be used.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The keys, the signing key first.
    public var keys: [[UInt8]] { lock.withLock { current } }

    /// Reads the file again.
    /// - Throws: `Failure`, the keys then unchanged.
    public func reload() throws(Failure) {
        let fresh = try Self.read(path)
        lock.withLock { current = fresh }
    }

    static func read(_ path: String) throws(Failure) -> [[UInt8]] {
        guard let file = fopen(path, "r") else {
            throw Failure(description: "cannot read the key file '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            text += buffer[0..<n]
        }
        var keys: [[UInt8]] = []
        for (number, line) in String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let key = parse(trimmed) else {
                throw Failure(description: "\(path):\(number + 1): a key is hex or base64, not '\(trimmed.prefix(8))…'; make one with: head -c 32 /dev/urandom | base64")
            }
            guard key.count >= minimumBytes else {
                throw Failure(description: "\(path):\(number + 1): the key has \(key.count) bytes, fewer than \(minimumBytes); make one with: head -c 32 /dev/urandom | base64")
            }
            keys.append(key)
        }
        guard !keys.isEmpty else {
            throw Failure(description: "the key file '\(path)' holds no key; add one a line, e.g.: head -c 32 /dev/urandom | base64 >> \(path)")
        }
        return keys
    }

    /// A key line's bytes: hex when it is an even number of hex digits, else base64.
    static func parse(_ line: Substring) -> [UInt8]? {
        if line.count % 2 == 0, line.utf8.allSatisfy({ PercentEncoding.hexValue($0) != nil }) {
            var bytes: [UInt8] = []
            var iterator = line.utf8.makeIterator()
            while let high = iterator.next(), let low = iterator.next() {
                bytes.append(PercentEncoding.hexValue(high)! << 4 | PercentEncoding.hexValue(low)!)
            }
            return bytes
        }
        return Base64URL.decode(line)
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs and carriage returns.
    func trimmingCharacters() -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return self[first...last]
    }
}
