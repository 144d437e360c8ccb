/// A source location kept for messages only (print preflight: "the key that
/// causes it"), not part of the value it sits in: every two compare equal and
/// hash alike, so a spec read from a document still equals the same spec
/// built in code or read from its JSON twin.
public struct MessageLocation: Sendable, Hashable {
    public var location: SourceLocation?
    public init(_ location: SourceLocation? = nil) { self.location = location }
    public static func == (_: MessageLocation, _: MessageLocation) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
