import CollageCodecs
import CollageFocus
import CollageRaster
import CollageTestSupport
import Foundation

/// Test scenes composed from `Tests/Fixtures/faces/astronaut.png`: head
/// chips of the astronaut at known positions, scales and mirrorings on a
/// 1000x750 field with a soft gradient. The faces are 161 to 190 px (16-19%
/// of the long side; the analysis, 320x240, finds faces from 14%), so a face
/// box in the scene is `AnalysisImage.scaleX` (3.125) times one in analysis pixels.
struct FaceScene {
    struct Chip { var x: Int; var y: Int; var scale: Double; var mirrored: Bool }
    var name: String
    var chips: [Chip]

    static let width = 1000, height = 750
    /// The chip cut from the 512x512 photo: x 176..274, y 72..178 (the face with a margin of 12-15 px).
    static let chip = (x: 176, y: 72, width: 98, height: 106)
    /// The face in the photo (OpenCV's frontal detection).
    static let face = (x: 188, y: 86, size: 73)

    /// The several-face scenes keep their faces within 351 x 545 px, so that
    /// they fit a 9:16 window (422 x 750) and a 16:9 one (1000 x 562) of the scene.
    static let all: [FaceScene] = [
        FaceScene(name: "one-centre", chips: [Chip(x: 372, y: 237, scale: 2.6, mirrored: false)]),
        FaceScene(name: "corner-top-left", chips: [Chip(x: 0, y: 0, scale: 2.2, mirrored: false)]),
        FaceScene(name: "corner-top-right", chips: [Chip(x: 784, y: 0, scale: 2.2, mirrored: true)]),
        FaceScene(name: "corner-bottom-left", chips: [Chip(x: 0, y: 517, scale: 2.2, mirrored: false)]),
        FaceScene(name: "corner-bottom-right", chips: [Chip(x: 784, y: 517, scale: 2.2, mirrored: true)]),
        FaceScene(name: "edge-top", chips: [Chip(x: 392, y: 0, scale: 2.2, mirrored: false)]),
        FaceScene(name: "edge-bottom", chips: [Chip(x: 392, y: 517, scale: 2.2, mirrored: true)]),
        FaceScene(name: "edge-left", chips: [Chip(x: 0, y: 258, scale: 2.2, mirrored: false)]),
        FaceScene(name: "edge-right", chips: [Chip(x: 784, y: 258, scale: 2.2, mirrored: true)]),
        FaceScene(name: "two", chips: [Chip(x: 300, y: 200, scale: 2.2, mirrored: false), Chip(x: 487, y: 190, scale: 2.4, mirrored: true)]),
        FaceScene(name: "three", chips: [Chip(x: 300, y: 150, scale: 2.2, mirrored: false), Chip(x: 487, y: 150, scale: 2.2, mirrored: true),
                                         Chip(x: 400, y: 342, scale: 2.2, mirrored: false)]),
        FaceScene(name: "six", chips: [0, 1, 2, 3, 4, 5].map { i in
            Chip(x: 300 + 187 * (i % 2), y: 40 + 192 * (i / 2), scale: 2.2, mirrored: i % 2 == 1)
        }),
    ]

    /// Where each composed face is, scene pixels.
    var faces: [Box] {
        chips.map { chip in
            let size = Int((Double(Self.face.size) * chip.scale).rounded())
            let inChipX = Double(Self.face.x - Self.chip.x), inChipY = Double(Self.face.y - Self.chip.y)
            let chipWidth = Int((Double(Self.chip.width) * chip.scale).rounded())
            var x = Int((inChipX * chip.scale).rounded())
            if chip.mirrored { x = chipWidth - x - size }
            return Box(x: chip.x + x, y: chip.y + Int((inChipY * chip.scale).rounded()), width: size, height: size)
        }
    }

    static let astronaut: Pixmap = {
        let path = TestPackage.root.appendingPathComponent("Tests/Fixtures/faces/astronaut.png").path
        return try! ImageDecoder.decode(path: path)
    }()

    /// The scene, RGBA8: a vertical gradient from (118,124,132) to (150,146,140), chips drawn bilinearly.
    var pixmap: Pixmap {
        var scene = Pixmap(width: Self.width, height: Self.height)
        for y in 0..<Self.height {
            let t = Double(y) / Double(Self.height - 1)
            let colour: [UInt8] = [UInt8(118 + 32 * t), UInt8(124 + 22 * t), UInt8(132 + 8 * t), 255]
            for x in 0..<Self.width { for c in 0..<4 { scene.pixels[(y * Self.width + x) * 4 + c] = colour[c] } }
        }
        let source = Self.astronaut
        for chip in chips {
            let w = Int((Double(Self.chip.width) * chip.scale).rounded()), h = Int((Double(Self.chip.height) * chip.scale).rounded())
            for dy in 0..<h {
                for dx in 0..<w {
                    let sx = Double(Self.chip.x) + min(Double(Self.chip.width) - 1, max(0, (Double(chip.mirrored ? w - 1 - dx : dx) + 0.5) / chip.scale - 0.5))
                    let sy = Double(Self.chip.y) + min(Double(Self.chip.height) - 1, max(0, (Double(dy) + 0.5) / chip.scale - 0.5))
                    let x0 = Int(sx), y0 = Int(sy), fx = sx - Double(x0), fy = sy - Double(y0)
                    let tx = chip.x + dx, ty = chip.y + dy
                    guard tx < Self.width, ty < Self.height else { continue }
                    for c in 0..<3 {
                        func p(_ x: Int, _ y: Int) -> Double { Double(source.pixels[(min(y, 511) * source.width + min(x, 511)) * 4 + c]) }
                        let v = (p(x0, y0) * (1 - fx) + p(x0 + 1, y0) * fx) * (1 - fy) + (p(x0, y0 + 1) * (1 - fx) + p(x0 + 1, y0 + 1) * fx) * fy
                        scene.pixels[(ty * Self.width + tx) * 4 + c] = UInt8(min(255, max(0, v.rounded())))
                    }
                }
            }
        }
        return scene
    }

    /// The analysis of the scene as a render (and `layout`) makes it: a PNG
    /// is decoded whole, block-averaged 3x3, then area-averaged to 320x240.
    var analysis: AnalysisImage {
        AnalysisImage(stored: pixmap, orientation: .upright, source: Size(width: Self.width, height: Self.height))
    }
}
