/// The routes of the live preview (`collage watch --serve`): its page, the
/// latest good image, the event stream, the layout of the latest good render
/// and the editor hook. Any other path, a traversal (`/../x`), an absolute
/// path or an absolute-form target included, is `notFound`: the preview
/// serves no file by name.
public enum PreviewRoute: Equatable, Sendable {
    /// `GET /`: the page.
    case page
    /// `GET /image` (any query, a cache-buster): the bytes of OUT.
    case image
    /// `GET /events`: server-sent events.
    case events
    /// `GET /layout.json`: `collage layout --json` of the latest good render.
    case layout
    /// `GET` or `POST /open?file=F&line=L&column=C&token=T`: runs `--editor` at F:L:C.
    case open(file: String, line: Int, column: Int, token: String)
    /// `/open` without its four parameters, or with a line or column that is not a number from 1.
    case badRequest(String)
    /// A known path with a method it does not take.
    case methodNotAllowed(allowed: String)
    /// Anything else.
    case notFound

    /// The route of a request with `method` and `target` (as sent).
    public static func resolve(method: String, target: String) -> PreviewRoute {
        guard let request = RequestTarget(target) else { return .notFound }
        let readOnly = method == "GET" || method == "HEAD"
        switch request.rawPath {
        case "/", "/image", "/events", "/layout.json":
            guard readOnly else { return .methodNotAllowed(allowed: "GET, HEAD") }
            switch request.rawPath {
            case "/": return .page
            case "/image": return .image
            case "/events": return .events
            default: return .layout
            }
        case "/open":
            guard method == "GET" || method == "POST" else { return .methodNotAllowed(allowed: "GET, POST") }
            func one(_ name: String) -> String? {
                let values = request.values(of: name)
                return values.count == 1 ? values[0] : nil
            }
            guard let file = one("file"), !file.isEmpty, let token = one("token") else {
                return .badRequest("/open takes file, line, column and token once each")
            }
            guard let line = one("line").flatMap({ Int($0) }), line >= 1,
                  let column = one("column").flatMap({ Int($0) }), column >= 1 else {
                return .badRequest("/open takes a line and a column from 1")
            }
            return .open(file: file, line: line, column: column, token: token)
        default:
            return .notFound
        }
    }
}
