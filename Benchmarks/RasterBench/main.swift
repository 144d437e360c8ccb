// Micro-benchmark of CollageRaster alone: the reference collage's raster
// stage (3x3 cover grid on 2048x2048, 8 px gaps and padding) over synthetic
// "decoded" photos of the size DCT shrink-on-load would give for 4000x3000
// camera JPEGs (1/2 scale: 2000x1500), so decoding is not measured.
//
//   swift run -c release RasterBench [threads=2] [repeats=9] [--shaped]
//
// `--shaped` rotates every photo 5 degrees inside its cell and rounds the
// cells' corners (radius 24), measuring `ShapedImageDraw` instead of the
// axis-aligned fast path.
// Prints the median and minimum wall time of SceneRenderer.render.
import CollageRaster
import Dispatch

struct SyntheticPhotos: ImageProvider {
    let photos: [Pixmap]
    func decode(image index: Int, minimumSize: Size) throws -> Pixmap { photos[index] }
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let threads = arguments.first ?? 2
let repeats = arguments.dropFirst().first ?? 9
let shaped = CommandLine.arguments.contains("--shaped")

let full = Size(width: 4000, height: 3000)
var photos: [Pixmap] = []
var state: UInt64 = 1
for i in 0..<9 {
    // Smooth content with noise, like a photo (not a constant).
    var pixels = [UInt8](repeating: 255, count: 2000 * 1500 * 4)
    for p in stride(from: 0, to: pixels.count, by: 4) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let x = (p / 4) % 2000, y = (p / 4) / 2000
        let noise = Int(state >> 60)
        pixels[p] = UInt8((x / 8 + i * 20 + noise) & 255)
        pixels[p + 1] = UInt8((y / 6 + noise) & 255)
        pixels[p + 2] = UInt8(((x + y) / 16 + noise) & 255)
    }
    photos.append(Pixmap(width: 2000, height: 1500, pixels: pixels))
}
let cell = (2048 - 2 * 8 - 2 * 8) / 3  // 672
var nodes: [Node] = []
for i in 0..<9 {
    let x = Double(8 + (i % 3) * (cell + 8)), y = Double(8 + (i / 3) * (cell + 8))
    let half = Double(cell) / 2
    let print = Rect(x: -half, y: -half, width: Double(cell), height: Double(cell))
    // Square cover window centred in the 4:3 photo.
    let leaf = Node.image(ImageLeaf(image: i, source: Rect(x: 500, y: 0, width: 3000, height: 3000), bounds: print))
    let picture = shaped ? Node.group(Group(clip: .roundedRect(print, radius: 24), children: [leaf])) : leaf
    nodes.append(.group(Group(transform: Affine.rotation(degrees: shaped ? 5 : 0).then(.translation(x + half, y + half)),
                              children: [picture])))
}
let scene = Scene(size: Size(width: 2048, height: 2048), background: .white,
                  images: Array(repeating: SceneImage(orientedSize: full), count: 9), nodes: nodes)
let provider = SyntheticPhotos(photos: photos)

var times: [Double] = []
for _ in 0..<repeats {
    let start = DispatchTime.now().uptimeNanoseconds
    let canvas = try SceneRenderer.render(scene, images: provider, threads: threads)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    precondition(canvas.width == 2048)
}
times.sort()
print("raster stage\(shaped ? " (rotated 5°, rounded corners)" : ""), 9 photos 2000x1500 -> 3x3 on 2048x2048, threads \(threads): median \(times[times.count / 2]) ms, min \(times[0]) ms")
