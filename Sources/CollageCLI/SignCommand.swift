import CollageServe

/// `collage sign URL --key FILE`: the URL with its `sig` for `collage serve --key`.
enum SignCommand {
    static let help = """
    Usage: collage sign URL --key FILE

    Prints URL with sig= appended: the HMAC-SHA256, under the first key of
    FILE, of the URL's path and query in the normal form docs/serve.md
    gives (parameters sorted by name, percent-encoding redone, + a space),
    URL-safe base64 without padding. URL is a path with its query
    (/og.jpg?title=Hi) or a whole http:// URL; a sig it has is replaced.
    To let caches keep an answer forever, add v= with the first 8 or more
    characters of its ETag before signing: that answer is then
    Cache-Control immutable until the template or an input changes.

    Options:
      --key FILE            the key file of collage serve --key (one key a line,
                            hex or base64; the first signs)
      -h, --help            show this help

    Example:

      $ head -c 32 /dev/urandom | base64 > keys.txt
      $ collage sign '/og.jpg?title=Summer 2026' --key keys.txt
      /og.jpg?title=Summer 2026&sig=Jq1...
      $ curl -G "http://127.0.0.1:8080$(collage sign '/og.jpg?title=Hi' --key keys.txt)"

    Exit codes: 0 printed; 1 the key file cannot be used; 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        var scanner = Arguments(arguments)
        var keyFile: String?
        let status = scanner.parseOptions(command: "sign", help: help, valued: ["--key"], flags: []) { name, value in
            if name == "--key" { keyFile = value }
        }
        if let status { return status }
        guard scanner.positionals.count == 1, let url = scanner.positionals.first else {
            return usageError("sign takes one URL, e.g. collage sign '/og.jpg?title=Hi' --key keys.txt", command: "sign")
        }
        guard let keyFile else { return usageError("sign needs the key file: --key FILE", command: "sign") }
        let keys: SigningKeys
        do { keys = try SigningKeys(path: keyFile) } catch {
            Console.err("error: \(error.description)\n")
            return .failure
        }
        guard let signed = URLSignature.sign(url, key: keys.keys[0]) else {
            return usageError("'\(url)' is not a path starting with / or an http:// URL with a bad %-escape", command: "sign")
        }
        Console.out(signed + "\n")
        return .success
    }
}
