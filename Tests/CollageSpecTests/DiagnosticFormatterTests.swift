import Foundation
import XCTest
@testable import CollageSpec

final class DiagnosticFormatterTests: XCTestCase {
    private let source = SourceText(file: "trip.yaml", bytes: Array("version: 1\ncanvas:\n\twidht: 2048\n  夏: 5\n".utf8))

    func testCaretUnderTheColumnWithNotes() {
        let d = Diagnostic(.unknownKey, at: SourceLocation(file: "trip.yaml", line: 2, column: 3),
                           "unknown key", notes: ["one", "two"])
        XCTAssertEqual(DiagnosticFormatter().format(d, source: source), """
            trip.yaml:2:3: error: unknown key
            canvas:
              ^
            note: one
            note: two

            """)
    }

    func testTabsAreKeptAndWideCharactersCountTwoCells() {
        let tab = Diagnostic(.syntax, at: SourceLocation(file: "trip.yaml", line: 3, column: 2), "m")
        XCTAssertEqual(DiagnosticFormatter().format(tab, source: source), "trip.yaml:3:2: error: m\n\twidht: 2048\n\t^\n")
        let wide = Diagnostic(.unknownKey, at: SourceLocation(file: "trip.yaml", line: 4, column: 6), "m",
                              severity: .warning)
        XCTAssertEqual(DiagnosticFormatter().format(wide, source: source), "trip.yaml:4:6: warning: m\n  夏: 5\n      ^\n")
    }

    func testWithoutLocationOrSource() {
        let d = Diagnostic(.missingFile, at: nil, "cannot read document 'x.yaml': no such file")
        XCTAssertEqual(DiagnosticFormatter().format(d), "error: cannot read document 'x.yaml': no such file\n")
        let located = Diagnostic(.syntax, at: SourceLocation(file: "a", line: 9, column: 1), "m")
        XCTAssertEqual(DiagnosticFormatter().format(located, source: source), "a:9:1: error: m\n")
    }

    func testColour() {
        let d = Diagnostic(.syntax, at: SourceLocation(file: "trip.yaml", line: 1, column: 1), "bad", notes: ["n"])
        XCTAssertEqual(DiagnosticFormatter(colour: true).format(d, source: source),
            "\u{1B}[1mtrip.yaml:1:1: \u{1B}[0m\u{1B}[1m\u{1B}[31merror:\u{1B}[0m \u{1B}[1mbad\u{1B}[0m\n"
            + "version: 1\n\u{1B}[1m\u{1B}[32m^\u{1B}[0m\n\u{1B}[1m\u{1B}[36mnote:\u{1B}[0m n\n")
    }

    func testAListFromTheLoaderPrintsWithItsOwnSource() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        do {
            _ = try ws.load("version: 1\nphotos: [a.jpg]\ncanvas:\n  widht: 100\n  height: x\n", file: "trip.yaml")
            XCTFail("loaded")
        } catch {
            XCTAssertEqual(DiagnosticFormatter().format(error), """
                trip.yaml:4:3: error: unknown key 'widht' in 'canvas'; did you mean 'width'?
                  widht: 100
                  ^
                trip.yaml:5:11: error: expected an integer for 'height', found the string "x"
                  height: x
                          ^

                """)
        }
    }

    func testTabIndentationThroughTheLoader() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\nphotos:\n\t- a.jpg\n")
        XCTAssertEqual(places(errors), [Where(.syntax, 3, 1)])
        XCTAssertEqual(errors[0].message, "a tab character is not allowed here: YAML indents and separates with spaces")
    }
}

final class DiagnosticFormatterTerminalTests: XCTestCase {
    func testNoColourWhenNotATerminalOrWithNoColor() throws {
        // A pipe is never a terminal.
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        XCTAssertFalse(DiagnosticFormatter.forTerminal(fileDescriptor: fds[1], environment: [:]).colour)
        // /dev/tty only exists with a controlling terminal; test NO_COLOR there when it does.
        let tty = open("/dev/tty", O_WRONLY)
        if tty >= 0 {
            defer { close(tty) }
            XCTAssertTrue(DiagnosticFormatter.forTerminal(fileDescriptor: tty, environment: [:]).colour)
            XCTAssertTrue(DiagnosticFormatter.forTerminal(fileDescriptor: tty, environment: ["NO_COLOR": ""]).colour)
            XCTAssertFalse(DiagnosticFormatter.forTerminal(fileDescriptor: tty, environment: ["NO_COLOR": "1"]).colour)
        }
    }
}
