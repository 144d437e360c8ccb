import XCTest
@testable import CollageRaster

/// Issue 7's coverage cases at the raster level: cells are filled to their
/// last row and column, adjacent photos leave no seam, and centred crops
/// stay centred (no half-pixel shift).
final class CoverageAndCentringTests: XCTestCase {
    func testCoverFillsLeaveNoUncoveredRowOrColumn() throws {
        // (photo, cell, cover window centred in the photo)
        let cases: [(Size, PixelRect, Rect)] = [
            (Size(width: 95, height: 95), PixelRect(x: 3, y: 2, width: 28, height: 28), Rect(x: 0, y: 0, width: 95, height: 95)),
            (Size(width: 165, height: 220), PixelRect(x: 0, y: 0, width: 300, height: 400), Rect(x: 0, y: 0, width: 165, height: 220)),
            // 165x220 into 300x300: scale 300/165, window 165x165 centred at y 27.5.
            (Size(width: 165, height: 220), PixelRect(x: 5, y: 7, width: 300, height: 300), Rect(x: 0, y: 27.5, width: 165, height: 165)),
        ]
        for (photoSize, cell, window) in cases {
            let photo = Pixmap(width: photoSize.width, height: photoSize.height, color: .white)
            let canvasSize = Size(width: cell.maxX + 4, height: cell.maxY + 4)
            let scene = Scene.single(canvas: canvasSize, background: .black, image: photoSize, window: window, destination: cell)
            let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 2)
            for y in 0..<canvasSize.height {
                for x in 0..<canvasSize.width {
                    let inside = x >= cell.x && x < cell.maxX && y >= cell.y && y < cell.maxY
                    XCTAssertEqual(canvas[x, y], inside ? .white : .black, "\(photoSize) pixel \(x),\(y)")
                }
            }
        }
    }

    func testAdjacentWhitePhotosLeaveNoSeam() throws {
        // 1000 px split in three (333, 333, 334), no gap, black canvas.
        let widths = [333, 333, 334]
        let photos = [Size(width: 640, height: 480), Size(width: 500, height: 500), Size(width: 301, height: 977)]
        var x = 0
        var items: [SceneItem] = []
        for (i, width) in widths.enumerated() {
            // Cover window of the cell's aspect (width : 200), centred.
            let p = photos[i]
            let aspect = Double(width) / 200
            let window = Double(p.width) / Double(p.height) > aspect
                ? Rect(x: (Double(p.width) - Double(p.height) * aspect) / 2, y: 0, width: Double(p.height) * aspect, height: Double(p.height))
                : Rect(x: 0, y: (Double(p.height) - Double(p.width) / aspect) / 2, width: Double(p.width), height: Double(p.width) / aspect)
            items.append(.image(ImageDraw(image: i, source: window, destination: PixelRect(x: x, y: 0, width: width, height: 200))))
            x += width
        }
        let scene = Scene(size: Size(width: 1000, height: 200), background: .black,
                          images: photos.map { SceneImage(orientedSize: $0) }, items: items)
        let provider = MemoryImageProvider { i, _ in Pixmap(width: photos[i].width, height: photos[i].height, color: .white) }
        let canvas = try SceneRenderer.render(scene, images: provider, threads: 3)
        XCTAssertEqual(canvas, Pixmap(width: 1000, height: 200, color: .white))
    }

    func testCentredCropOfASymmetricPhotoStaysSymmetric() throws {
        // A photo symmetric about its centre lines, cropped by a centred
        // fractional window: any half-pixel shift would break the mirror symmetry.
        let photoSize = Size(width: 165, height: 220)
        let photo = TestImages.make(width: photoSize.width, height: photoSize.height) { x, y in
            let dx = abs(Double(x) + 0.5 - 82.5), dy = abs(Double(y) + 0.5 - 110)
            let ring = Int(dx * 0.9 + dy * 1.3) % 23
            return ring < 3 ? .black : (ring < 12 ? Color(red: 250, green: 200, blue: 20) : .white)
        }
        for cell in [Size(width: 300, height: 300), Size(width: 57, height: 41), Size(width: 80, height: 200)] {
            let aspect = Double(cell.width) / Double(cell.height)
            let window = 165.0 / 220 > aspect
                ? Rect(x: (165 - 220 * aspect) / 2, y: 0, width: 220 * aspect, height: 220)
                : Rect(x: 0, y: (220 - 165 / aspect) / 2, width: 165, height: 165 / aspect)
            let scene = Scene.single(canvas: cell, image: photoSize, window: window,
                                     destination: PixelRect(x: 0, y: 0, width: cell.width, height: cell.height))
            let canvas = try SceneRenderer.render(scene, images: MemoryImageProvider([photo]), threads: 1)
            for y in 0..<cell.height {
                for x in 0..<cell.width {
                    let a = canvas[x, y], b = canvas[cell.width - 1 - x, cell.height - 1 - y]
                    for (p, q) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)] {
                        XCTAssertLessThanOrEqual(abs(Int(p) - Int(q)), 1, "cell \(cell) pixel \(x),\(y): \(a) vs \(b)")
                    }
                }
            }
        }
    }
}
