/// A request's target (`/cards/og.jpg?title=Hi&sig=…`) as sent, split into
/// its path and its query's parameters, both percent-decoded.
public struct RequestTarget: Sendable, Equatable {
    /// The path as sent (still encoded), from the leading `/`.
    public var rawPath: Substring
    /// The query's parameters in order, keys and values decoded (`+` is a
    /// space); a parameter without `=` has an empty value.
    public var parameters: [(name: String, value: String)]

    /// Parses `target`; nil when it is not origin-form (starts with `/`)
    /// or holds a `%` that is not followed by two hex digits.
    public init?(_ target: String) {
        guard target.hasPrefix("/") else { return nil }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        rawPath = parts[0]
        parameters = []
        guard parts.count == 2 else { return }
        // A fragment is never sent; tolerate one anyway.
        let query = parts[1].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        for pair in query.split(separator: "&") {
            let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentEncoding.decode(sides[0], plusIsSpace: true),
                  let value = PercentEncoding.decode(sides.count == 2 ? sides[1] : "", plusIsSpace: true) else { return nil }
            parameters.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
    }

    /// The values of parameter `name`, in order.
    public func values(of name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }

    public static func == (a: RequestTarget, b: RequestTarget) -> Bool {
        a.rawPath == b.rawPath && a.parameters.elementsEqual(b.parameters, by: { $0 == $1 })
    }
}
