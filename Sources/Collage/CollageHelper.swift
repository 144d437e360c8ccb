import CollageCodecs

/// The helper-process side of a deadline (issue 37), for programs built on
/// the library: SVG renders and HEIF/AVIF decodes under a timeout run in a
/// child process started as `PROGRAM --collage-helper` (`HelperProcess`).
/// A program that calls `serveIfAsked()` first in its `main` is its own
/// helper; otherwise set `COLLAGE_HELPER` (or
/// `DocumentRenderer.Configuration.helper`) to an installed `collage`.
public enum CollageHelper {
    /// Serves one helper request and exits when this process was started as
    /// a helper; else returns at once, marking the program as its own helper.
    public static func serveIfAsked(_ arguments: [String] = CommandLine.arguments) {
        HelperProcess.serveIfAsked(arguments)
    }
}
