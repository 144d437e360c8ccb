/// A file that cannot be read or decoded: names the path and the library's reason.
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    /// "path: reason".
    public var description: String { "\(path): \(reason)" }
}
