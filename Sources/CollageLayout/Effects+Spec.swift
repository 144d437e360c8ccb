import CollageRaster
import CollageSpec

extension Filter {
    /// The scene's filter function for a document's (`FilterSpec`); same meaning and units.
    init(_ spec: FilterSpec) {
        switch spec.function {
        case .grayscale: self = .grayscale(spec.amount)
        case .sepia: self = .sepia(spec.amount)
        case .saturate: self = .saturate(spec.amount)
        case .hueRotate: self = .hueRotate(spec.amount)
        case .invert: self = .invert(spec.amount)
        case .brightness: self = .brightness(spec.amount)
        case .contrast: self = .contrast(spec.amount)
        case .opacity: self = .opacity(spec.amount)
        case .blur: self = .blur(spec.amount)
        }
    }
}

extension BlendMode {
    /// The scene's blend mode for a document's `blend` value.
    init(_ name: BlendModeName) {
        switch name {
        case .normal: self = .normal
        case .multiply: self = .multiply
        case .screen: self = .screen
        case .overlay: self = .overlay
        case .darken: self = .darken
        case .lighten: self = .lighten
        case .colorDodge: self = .colorDodge
        case .colorBurn: self = .colorBurn
        case .hardLight: self = .hardLight
        case .softLight: self = .softLight
        case .difference: self = .difference
        case .exclusion: self = .exclusion
        case .hue: self = .hue
        case .saturation: self = .saturation
        case .color: self = .color
        case .luminosity: self = .luminosity
        }
    }
}
