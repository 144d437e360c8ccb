import CollageSpec

extension DataRow {
    /// Each row once per variant (docs/format.md "Variants"), in row order
    /// then variant order, with the variable `variant` set; the rows as they
    /// are when `variants` is empty. A row keeps its number (`${row}`), so
    /// an output template names `${variant}` to keep the files apart.
    public static func multiplied(_ rows: [DataRow], byVariants variants: [String]) -> [DataRow] {
        guard !variants.isEmpty else { return rows }
        return rows.flatMap { row in
            variants.map { name in
                var copy = row
                if copy.failure == nil { copy.fields[DocumentVariants.variable] = name }
                return copy
            }
        }
    }
}
