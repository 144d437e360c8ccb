import CollageLayout
import CollageRaster
import CollageSpec

/// `check`'s look across variants (docs/format.md "Variants"): an overlay
/// that leaves the canvas in some variants but not in others is a warning
/// at the overlay, naming both sets.
enum VariantCheck {
    /// The warnings for `input`'s variants (none when it has fewer than two,
    /// or a variant does not prepare: its errors are reported by rendering it).
    static func warnings(input: DocumentInput, variants: [String], variables: [String: String],
                         policy: PathPolicy?) -> [Diagnostic] {
        guard variants.count > 1 else { return [] }
        // Overlay location -> variants in which it leaves the canvas, and in which it does not.
        var outside: [SourceLocation: [String]] = [:], inside: [SourceLocation: [String]] = [:]
        for name in variants {
            var chosen = variables
            chosen[DocumentVariants.variable] = name
            guard let spec = try? input.load(variables: chosen, root: policy),
                  let prepared = try? CollageRenderer.prepare(spec: spec) else { return [] }
            var context = OverlayDrawingContext(spec: spec, layout: prepared.layout)
            let canvas = Rect(x: 0, y: 0, width: Double(prepared.layout.canvas.width), height: Double(prepared.layout.canvas.height))
            for frame in prepared.layout.overlays {
                // What it draws; a text wholly off the canvas draws nothing
                // there, so its set box stands in.
                guard let bounds = frame.drawnBounds(&context) ?? frame.layoutBounds(&context) else { continue }
                let location = spec.overlays[frame.overlay].location
                let leaves = bounds.x < canvas.x - 0.5 || bounds.y < canvas.y - 0.5
                    || bounds.x + bounds.width > canvas.width + 0.5 || bounds.y + bounds.height > canvas.height + 0.5
                if leaves { outside[location, default: []].append(name) } else { inside[location, default: []].append(name) }
            }
        }
        return outside.keys.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.compactMap { location in
            guard let kept = inside[location], let left = outside[location] else { return nil }
            let quoted = { (names: [String]) in names.map { "'\($0)'" }.joined(separator: ", ") }
            return Diagnostic(.outOfRange, at: location,
                              "this overlay leaves the canvas in variant \(quoted(left)) but not in \(quoted(kept))",
                              severity: .warning,
                              notes: ["give the variant an override for it (overrides: {\"overlays.ID.offset\": …}) or move it inside"])
        }
    }
}
