import Collage

/// `collage schema`: prints the document format's JSON Schema.
enum SchemaCommand {
    static let help = """
    Usage: collage schema

    Prints the JSON Schema (2020-12) of the collage document format v1, the
    same text as schema/collage.schema.json. Editors use it for completion:

      $ collage schema > collage.schema.json
      # then, as the first line of a document:
      # yaml-language-server: $schema=collage.schema.json

    Exit codes: 0 printed; 64 usage error.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        if arguments == ["-h"] || arguments == ["--help"] { Console.out(help); return .success }
        guard arguments.isEmpty else {
            Console.err("error: schema takes no arguments, got '\(arguments.joined(separator: " "))'\nsee `collage schema --help`\n")
            return .usage
        }
        Console.out(DocumentSchema.text)
        return .success
    }
}
