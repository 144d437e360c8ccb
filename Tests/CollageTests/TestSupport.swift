import Foundation
import XCTest
import CollageTestSupport

/// Locations only the end-to-end tests need (the shared ones: `TestPackage`).
enum TestPaths {
    static let cases = TestPackage.root.appendingPathComponent("Tests/CollageTests/Cases")
    static let goldens = TestPackage.root.appendingPathComponent("Tests/CollageTests/Goldens")
    /// Failed golden comparisons write expected | diff | actual images here.
    static let failures = TestPackage.root.appendingPathComponent(".build/golden-failures")

    /// A wrapper around `TestPackage.pinnedFonts` with an absolute cache
    /// folder under `.build/`, so the binary finds a warm cache whatever
    /// folder it runs in.
    static let fontConfig: URL = {
        let build = TestPackage.root.appendingPathComponent(".build")
        let url = build.appendingPathComponent("test-fonts.conf")
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <cachedir>\(build.appendingPathComponent("fontconfig-cache").path)</cachedir>
              <include ignore_missing="no">\(TestPackage.pinnedFonts.path)</include>
            </fontconfig>
            """
        try? FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        try? Data(xml.utf8).write(to: url, options: .atomic)
        return url
    }()
}

/// The result of running the `collage` binary.
struct CommandResult {
    var status: Int32
    var stdout: Data
    var stderr: String
}

/// The environment every child of the tests gets: the pinned fonts, no
/// colour, then `extra`.
func childEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["FONTCONFIG_FILE"] = TestPaths.fontConfig.path
    environment["NO_COLOR"] = "1"
    for (key, value) in extra { environment[key] = value }
    return environment
}

/// Runs `collage` with `arguments` in `directory`, with the pinned fonts.
func runCollage(_ arguments: [String], in directory: URL? = nil, stdin: Data? = nil,
                environment extra: [String: String] = [:]) throws -> CommandResult {
    let process = Process()
    process.executableURL = TestPackage.binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = childEnvironment(extra)
    // stderr goes to a file so a chatty child can never block on a full pipe.
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("collage-stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errURL) }
    let errHandle = try FileHandle(forWritingTo: errURL)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = errHandle
    let input = Pipe()
    process.standardInput = input
    try process.run()
    try errHandle.close()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errData = (try? Data(contentsOf: errURL)) ?? Data()
    return CommandResult(status: process.terminationStatus, stdout: outData,
                         stderr: String(decoding: errData, as: UTF8.self))
}

/// Polls `condition` every 50 ms for up to `seconds`; its last answer.
func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}

/// Starts `collage watch DOC -o OUT` (the pinned fonts, `directory` as the
/// working directory) with its standard output and error going to `log`,
/// created empty, `extra` after `-o OUT`; the caller terminates it.
func startWatch(_ document: String, output: String, in directory: URL, log: URL, extra: [String] = []) throws -> Process {
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = TestPackage.binary
    process.arguments = ["watch", document, "-o", output] + extra
    process.currentDirectoryURL = directory
    process.environment = childEnvironment()
    let handle = try FileHandle(forWritingTo: log)
    process.standardError = handle
    process.standardOutput = handle
    try process.run()
    return process
}
