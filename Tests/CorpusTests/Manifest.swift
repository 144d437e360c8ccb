import Foundation

/// The corpus's MANIFEST.md: its categories ("## Title (N files)") and,
/// in each, one table row per file ("| `path` | source | ... |").
struct Manifest {
    struct Row {
        var path: String
        var category: String
        /// The table cells after the path, in order (source, license, size,
        /// pixels, format, tests, expected behaviour, observed).
        var cells: [String]
        /// "Pixels" as written: "1800x1200", "149x227 (header)", "—".
        var pixels: String { cells.count > 3 ? cells[3] : "" }
        var format: String { cells.count > 4 ? cells[4] : "" }
    }

    var categories: [(title: String, declaredCount: Int)] = []
    var rows: [Row] = []

    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        var category: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                // "## Title (N files)" opens a category; other headings close it.
                category = nil
                guard let open = line.lastIndex(of: "("), line.hasSuffix(" files)") else { continue }
                let count = Int(line[line.index(after: open)...].split(separator: " ")[0]) ?? -1
                let title = String(line.dropFirst(3)[..<open]).trimmingCharacters(in: .whitespaces)
                categories.append((title, count))
                category = title
            } else if let category, line.hasPrefix("| `") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard let first = cells.first, first.hasPrefix("`"), first.hasSuffix("`") else { continue }
                rows.append(Row(path: String(first.dropFirst().dropLast()), category: category, cells: Array(cells.dropFirst())))
            }
        }
    }

    func rows(in category: String) -> [Row] { rows.filter { $0.category == category } }
}
