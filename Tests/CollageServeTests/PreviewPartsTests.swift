import Collage
import CollageTestSupport
import Foundation
import XCTest
@testable import CollageServe

/// The pure parts of the live preview (issue 43): event framing, the route
/// table, the editor command's words and placeholders, the failure event's
/// diagnostics. The page itself is checked in a browser by scripts/check-preview.
final class PreviewPartsTests: XCTestCase {
    func testEventsAreFramedAsTheEventStreamFormatSays() {
        XCTAssertEqual(EventStreamFrame.event("render", id: 7, data: "{\"id\": 7}"),
                       "event: render\nid: 7\ndata: {\"id\": 7}\n\n")
        // Every line of the data is a data: line of its own (CR LF and CR too); an empty line stays.
        XCTAssertEqual(EventStreamFrame.event("failure", data: "a\nb\r\nc\rd\n\ne"),
                       "event: failure\ndata: a\ndata: b\ndata: c\ndata: d\ndata: \ndata: e\n\n")
        XCTAssertEqual(EventStreamFrame.comment("keep-alive"), ": keep-alive\n\n")
        XCTAssertEqual(EventStreamFrame.comment("two\nlines"), ": two lines\n\n")
        XCTAssertEqual(EventStreamFrame.event("a\nb", data: ""), "event: a b\ndata: \n\n")
        XCTAssertEqual(EventStreamFrame.retry(milliseconds: 500), "retry: 500\n\n")
    }

    func testASubscriberHandsOutWhatIsQueuedThenEnds() {
        let subscriber = EventSubscriber(initial: "retry: 500\n\n")
        subscriber.push("event: render\ndata: 1\n\n")
        var buffer = [UInt8](repeating: 0, count: 8)
        var read: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { subscriber.read(into: $0.baseAddress!, capacity: $0.count) }
            if count <= 0 { XCTAssertEqual(count, 0); break }   // nothing queued: 0 (no connection to suspend here)
            XCTAssertLessThanOrEqual(count, 8)
            read += buffer[..<count]
        }
        XCTAssertEqual(String(decoding: read, as: UTF8.self), "retry: 500\n\nevent: render\ndata: 1\n\n")
        subscriber.close()
        subscriber.push("ignored")
        XCTAssertEqual(buffer.withUnsafeMutableBytes { subscriber.read(into: $0.baseAddress!, capacity: $0.count) }, -1)
        XCTAssertEqual(subscriber.queued, [])
    }

    func testTheRouteTableServesFivePathsAndNothingElse() {
        XCTAssertEqual(PreviewRoute.resolve(method: "GET", target: "/"), .page)
        XCTAssertEqual(PreviewRoute.resolve(method: "HEAD", target: "/"), .page)
        XCTAssertEqual(PreviewRoute.resolve(method: "GET", target: "/image?r=12"), .image)
        XCTAssertEqual(PreviewRoute.resolve(method: "GET", target: "/events"), .events)
        XCTAssertEqual(PreviewRoute.resolve(method: "GET", target: "/layout.json?r=3"), .layout)
        XCTAssertEqual(PreviewRoute.resolve(method: "POST", target: "/open?file=a%20b.yaml&line=3&column=5&token=t1"),
                       .open(file: "a b.yaml", line: 3, column: 5, token: "t1"))
        XCTAssertEqual(PreviewRoute.resolve(method: "GET", target: "/open?file=doc.yaml&line=1&column=1&token=x"),
                       .open(file: "doc.yaml", line: 1, column: 1, token: "x"))
        XCTAssertEqual(PreviewRoute.resolve(method: "POST", target: "/image"), .methodNotAllowed(allowed: "GET, HEAD"))
        XCTAssertEqual(PreviewRoute.resolve(method: "DELETE", target: "/open?file=a&line=1&column=1&token=x"),
                       .methodNotAllowed(allowed: "GET, POST"))
        for bad in ["/open?file=a&line=0&column=1&token=x", "/open?file=a&line=1&column=x&token=x",
                    "/open?file=a&line=1&column=1", "/open?file=&line=1&column=1&token=x",
                    "/open?file=a&file=b&line=1&column=1&token=x"] {
            guard case .badRequest = PreviewRoute.resolve(method: "GET", target: bad) else { return XCTFail(bad) }
        }
        for other in ["/index.html", "/image/", "/../etc/passwd", "/%2e%2e/etc/passwd", "//etc/passwd", "/etc/passwd",
                      "/events/../image", "http://127.0.0.1/image", "*", "", "/doc.yaml", "/image%00", "/%zz"] {
            XCTAssertEqual(PreviewRoute.resolve(method: "GET", target: other), .notFound, other)
        }
    }

    func testTheEditorCommandIsSplitOnceAndItsPlaceholdersFilledPerWord() throws {
        let code = try EditorCommand("code -g {file}:{line}:{column}")
        XCTAssertEqual(code.words, ["code", "-g", "{file}:{line}:{column}"])
        // A file with blanks, quotes and braces stays one word, and is not substituted again.
        XCTAssertEqual(code.arguments(file: "my trip's {line}.yaml", line: 12, column: 5),
                       ["code", "-g", "my trip's {line}.yaml:12:5"])
        let quoted = try EditorCommand(#"  emacsclient  -n '+{line}:{column}' "{file}" a\ b "x\"y\z" '' {other}"#)
        XCTAssertEqual(quoted.words, ["emacsclient", "-n", "+{line}:{column}", "{file}", "a b", #"x"y\z"#, "", "{other}"])
        XCTAssertEqual(quoted.arguments(file: "doc.yaml", line: 3, column: 9),
                       ["emacsclient", "-n", "+3:9", "doc.yaml", "a b", #"x"y\z"#, "", "{other}"])
        // No shell: a semicolon, a pipe or $VAR is a literal word.
        XCTAssertEqual(try EditorCommand("vi +{line} {file}; rm -rf $HOME | x").arguments(file: "f", line: 1, column: 1),
                       ["vi", "+1", "f;", "rm", "-rf", "$HOME", "|", "x"])
        for (bad, message) in [("", "--editor needs a command, e.g. 'code -g {file}:{line}:{column}'"),
                               ("   ", "--editor needs a command, e.g. 'code -g {file}:{line}:{column}'"),
                               ("'' {file}", "--editor needs a command, e.g. 'code -g {file}:{line}:{column}'"),
                               ("code 'x", "--editor has an unclosed ' quote"), ("code \"x", "--editor has an unclosed \" quote"),
                               ("code x\\", "--editor ends with a '\\' that escapes nothing")] {
            XCTAssertThrowsError(try EditorCommand(bad), bad) { XCTAssertEqual(($0 as? EditorCommand.Invalid)?.message, message) }
        }
    }

    func testTheEditorRunsWithItsArgumentsAsSeparateWords() throws {
        let directory = try TestPackage.temporaryDirectory(self)
        let script = directory.appendingPathComponent("editor.sh")
        let log = directory.appendingPathComponent("argv.txt")
        try "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"\(log.path).tmp\" && mv \"\(log.path).tmp\" \"\(log.path)\"\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let editor = try EditorCommand("'\(script.path)' --goto '{file}:{line}:{column}'")
        guard case .success = editor.run(file: "a b;c.yaml", line: 4, column: 7) else { return XCTFail("not started") }
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: log.path), Date() < deadline { usleep(10_000) }
        XCTAssertEqual(try String(contentsOf: log, encoding: .utf8), "--goto\na b;c.yaml:4:7\n")
        guard case .failure(let error) = try EditorCommand("/nonexistent/editor {file}").run(file: "f", line: 1, column: 1) else {
            return XCTFail("a missing program started")
        }
        XCTAssertEqual(error.message, "cannot run '/nonexistent/editor': No such file or directory")
    }

    func testAFailureEventCarriesTheDiagnosticsAsTheTerminalPrintsThem() throws {
        let text = "version: 1\ncanvas: {widht: 100, height: 100}\n"
        let source = SourceText(file: "doc.yaml", bytes: Array(text.utf8))
        let diagnostic = Diagnostic(.unknownKey, at: SourceLocation(file: "doc.yaml", line: 2, column: 10),
                                    "unknown key 'widht' in 'canvas'; did you mean 'width'?")
        let json = PreviewDiagnostics.json(id: 4, diagnostics: [diagnostic, Diagnostic(.render, at: nil, "no location")], source: source)
        let event = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(event["id"] as? Int, 4)
        let items = try XCTUnwrap(event["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(items[0]["file"] as? String, "doc.yaml")
        XCTAssertEqual(items[0]["line"] as? Int, 2)
        XCTAssertEqual(items[0]["column"] as? Int, 10)
        XCTAssertEqual(items[0]["severity"] as? String, "error")
        XCTAssertEqual(items[0]["source"] as? String, "canvas: {widht: 100, height: 100}")
        XCTAssertEqual(items[0]["caret"] as? String, "         ^")
        XCTAssertEqual(items[0]["text"] as? String, DiagnosticFormatter(colour: false).format(diagnostic, source: source))
        XCTAssertEqual(items[0]["text"] as? String, """
            doc.yaml:2:10: error: unknown key 'widht' in 'canvas'; did you mean 'width'?
            canvas: {widht: 100, height: 100}
                     ^

            """)
        XCTAssertTrue(items[1]["line"] is NSNull)
        XCTAssertTrue(items[1]["source"] is NSNull)
        XCTAssertEqual(items[1]["text"] as? String, "error: no location\n")
    }
}
