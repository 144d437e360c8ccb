import Foundation
import XCTest

extension TestPackage {
    /// The absolute path of the external program `name` (found on PATH),
    /// for tests that check collage's output with another tool (`zbarimg`).
    /// - Throws: `XCTSkip` when it is missing, after a loud message naming
    ///   the Debian package; under `CI=true` the test also fails
    ///   (scripts/debian-packages lists every tool CI installs).
    public static func requireTool(_ name: String, package: String, file: StaticString = #filePath,
                                   line: UInt = #line) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in folders {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        try missing("TOOL MISSING: \(name) is not on PATH (Debian package \(package), scripts/install-deps); the tests that need it did not run",
                    file: file, line: line)
    }
}
