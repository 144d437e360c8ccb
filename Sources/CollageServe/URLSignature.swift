/// Signed URLs of `collage serve --key` and `collage sign`.
///
/// **The normal form** that is signed: the request path, percent-decoded
/// and re-encoded, then, when the query has parameters other than `sig`,
/// `?` and those parameters as `name=value` joined by `&`, sorted by name
/// (byte order, stable: repeated names keep their order). Names and values
/// are percent-decoded with `+` meaning a space, then re-encoded: every byte
/// but `A-Z a-z 0-9 - . _ ~` (and `/` in the path) as `%XX`, upper-case hex.
/// So `/a b.jpg?t=x+y&a=%7e` and `/a%20b.jpg?a=~&t=x%20y` sign alike:
/// `/a%20b.jpg?a=~&t=x%20y`.
///
/// **The signature** is `sig`: the HMAC-SHA256 of the normal form's bytes
/// under a key, in URL-safe base64 without padding (43 characters).
public enum URLSignature {
    /// The query parameter that carries the signature.
    public static let parameter = "sig"

    /// The normal form of `target` (without its `sig`).
    public static func normalForm(of target: RequestTarget) -> String? {
        guard let path = PercentEncoding.decode(target.rawPath, plusIsSpace: false) else { return nil }
        var text = PercentEncoding.encode(path, keepSlash: true)
        let parameters = target.parameters.filter { $0.name != parameter }
        // Swift's sort is not stable: sort by name, then by original position.
        let sorted = parameters.enumerated().sorted {
            let a = Array($0.element.name.utf8), b = Array($1.element.name.utf8)
            return a == b ? $0.offset < $1.offset : a.lexicographicallyPrecedes(b)
        }.map(\.element)
        if !sorted.isEmpty {
            text += "?" + sorted.map { PercentEncoding.encode($0.name.utf8) + "=" + PercentEncoding.encode($0.value.utf8) }
                .joined(separator: "&")
        }
        return text
    }

    /// The `sig` of `target` under `key`.
    public static func signature(of target: RequestTarget, key: [UInt8]) -> String? {
        normalForm(of: target).map { Base64URL.encode(HMACSHA256.mac(key: key, message: Array($0.utf8))) }
    }

    /// Whether `target` carries exactly one `sig` that one of `keys`
    /// made; every key is tried, each compared in constant time.
    public static func verify(_ target: RequestTarget, keys: [[UInt8]]) -> Bool {
        let given = target.values(of: parameter)
        guard given.count == 1, let normal = normalForm(of: target) else { return false }
        let message = Array(normal.utf8)
        let sent = Array(given[0].utf8)
        var matched = false
        for key in keys {
            let expected = Array(Base64URL.encode(HMACSHA256.mac(key: key, message: message)).utf8)
            if HMACSHA256.constantTimeEqual(expected, sent) { matched = true }
        }
        return matched
    }

    /// `url` (a path with a query, or a whole `http://host/path?query`) with
    /// `sig` appended, made with `key`; any `sig` it had is dropped first.
    /// Nil when its path is not a valid target.
    public static func sign(_ url: String, key: [UInt8]) -> String? {
        var prefix = ""
        var target = url
        if let scheme = url.firstRange(of: "://") {
            let rest = url[scheme.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            prefix = String(url[..<slash])
            target = slash == rest.endIndex ? "/" : String(rest[slash...])
        }
        guard let parsed = RequestTarget(target), let sig = signature(of: parsed, key: key) else { return nil }
        // Keep the URL as written, less any old sig, plus the new one.
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let kept = parts.count == 2 ? parts[1].split(separator: "&").filter {
            !($0 == Substring(parameter) || $0.hasPrefix(parameter + "="))
        } : []
        return prefix + parts[0] + "?" + (kept + ["\(parameter)=\(sig)"]).joined(separator: "&")
    }
}
