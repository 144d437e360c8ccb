import Collage
import CollageServe

/// `collage watch --serve`: the live preview beside the watch loop
/// (`PreviewServer`, docs/preview.md). After each good render it hands the
/// server OUT's bytes, their media type and `layout --json`; after each
/// failed one the diagnostics, which the page shows over the last good image.
final class WatchPreview {
    /// `--serve`, `--port N` and `--editor CMD`.
    struct Flags {
        static let valued: Set<String> = ["--port", "--editor"]
        static let flags: Set<String> = ["--serve"]
        /// The help lines of the three flags.
        static let help = """
          --serve               serve a live preview at http://127.0.0.1:PORT/ (loopback
                                only): the latest render, updated on every render, errors
                                shown over the last good image, hover for the source
          --port N              the preview's port (default 3000; 0: any free port)
          --editor CMD          run CMD when a node of the preview is clicked, {file},
                                {line} and {column} replaced, e.g. 'code -g {file}:{line}:{column}'
                                (split into words like a shell, but run without one)
        """
        var serve = false
        var port = 3000
        var portGiven = false
        var editor: EditorCommand?

        /// Takes `name` if it is one of the preview's flags; false otherwise.
        mutating func handle(_ name: String, _ value: String?) throws -> Bool {
            switch name {
            case "--serve": serve = true
            case "--port":
                guard let port = value.flatMap({ Int($0) }), (0...65535).contains(port) else {
                    throw Arguments.UsageError(message: "--port takes a port from 0 to 65535 (0: any free port), not '\(value ?? "")'")
                }
                self.port = port
                portGiven = true
            case "--editor":
                do throws(EditorCommand.Invalid) { editor = try EditorCommand(value ?? "") } catch {
                    throw Arguments.UsageError(message: error.message)
                }
            default: return false
            }
            return true
        }

        /// Why the flags cannot go together, or nil.
        var problem: String? {
            guard !serve else { return editor?.programProblem }
            if portGiven { return "--port is the live preview's port: add --serve" }
            if editor != nil { return "--editor is run from the live preview: add --serve" }
            return nil
        }
    }

    /// Why the preview cannot start.
    struct Failure: Error { var message: String }

    private let server: PreviewServer

    /// Starts the server and says where (standard error).
    init(flags: Flags) throws(Failure) {
        do throws(PreviewServer.Failure) {
            server = try PreviewServer(port: flags.port, editor: flags.editor)
        } catch {
            throw Failure(message: "cannot serve the preview: \(error.description)")
        }
        Console.err("watch: preview at \(server.url)\n")
    }

    /// A good render of `prepared` written to `output` in `format`.
    func rendered(_ prepared: CollageRenderer.Prepared, format: OutputFormat, output: String) {
        guard let bytes = FileSystem.contents(of: output) else {
            server.failed([Diagnostic(.render, at: nil, "cannot read \(output) back: \(FileSystem.unreadableReason(output))")], source: nil)
            return
        }
        server.rendered(image: bytes, type: format.mediaType, layout: JSONText.write(LayoutReport.json(prepared)),
                        sources: PreviewServer.sources(of: prepared.spec))
    }

    /// A failed render.
    func failed(_ error: CollageError) {
        switch error {
        case .usage(let message): server.failed([Diagnostic(.render, at: nil, message)], source: nil)
        case .diagnostics(let list): server.failed(list.diagnostics, source: list.source)
        case .timedOut(let seconds): server.failed([Diagnostic(.render, at: nil, CollageError.timedOutMessage(seconds))], source: nil)
        }
    }
}
