import CollageCodecs
@testable import CollageRaster
import Foundation
import XCTest
@testable import Collage
import CollageTestSupport

/// Every golden case (`Cases/NAME.yaml`), rendered in process: streamed
/// without keeping the canvas (`SceneRenderer.render(_:images:options:streamingTo:)`)
/// in bands of 7 and 13 rows, in any order, and top to bottom, under the
/// default budget and under one that admits a single photo at a time
/// (`MemoryBudget`), with 1 and 3 threads, gives the whole-canvas render's
/// bytes exactly.
final class BandedGoldenTests: XCTestCase {
    func testBandedRendersEqualTheWholeCanvasOnEveryGoldenCase() throws {
        let names = try GoldenCaseTests.caseNames()
        XCTAssertGreaterThanOrEqual(names.count, 8, "cases folder looks incomplete")
        let directory = try TestPackage.temporaryDirectory(self)
        try SyntheticPhotos.writeAll(into: directory)
        var admitted = 0
        for name in names {
            let document = directory.appendingPathComponent("\(name).yaml")
            try FileManager.default.copyItem(at: TestPaths.cases.appendingPathComponent("\(name).yaml"), to: document)
            let prepared = try CollageRenderer.prepare(documentPath: document.path)
            let scene = prepared.scene, size = scene.size
            func provider() -> CodecImageProvider { CodecImageProvider(prepared.layout, headers: prepared.headers) }
            let whole = try SceneRenderer.render(scene, images: provider(), threads: 1)
            // The most any one image needs alone: with it as the budget, images go one at a time.
            let plan = try RenderPlan(scene)
            let images = provider()
            let rows = MemoryBudget(bytes: 0, isExplicit: false, rowBytes: size.width * 4)
            let budget = plan.costs(scene: scene, provider: images).map(rows.neededAlone).max() ?? 1
            if size.width * size.height * 4 > budget, plan.decodeOrder.count > 1 { admitted += 1 }
            for threads in [1, 3] {
                for (bandHeight, maxMemory) in [(7, nil), (13, budget)] as [(Int, Int?)] {
                    let bands = BandCollector(width: size.width, height: size.height, bandHeight: bandHeight)
                    let canvas = try SceneRenderer.render(scene, images: provider(), options: .init(threads: threads, maxMemory: maxMemory),
                                                          streamingTo: .bands(FinishedBands(height: bandHeight, consume: bands.take)))
                    XCTAssertNil(canvas)
                    XCTAssertTrue(bands.joined == whole.pixels,
                                  "\(name): bands of \(bandHeight), budget \(maxMemory.map(String.init) ?? "default"), threads \(threads)")
                }
                let rows = BandCollector(width: size.width, height: size.height, bandHeight: 1)
                try SceneRenderer.render(scene, images: provider(), options: .init(threads: threads, maxMemory: budget),
                                         streamingTo: .rows(rows.takeRows, order: .topFirst))
                XCTAssertTrue(rows.joined == whole.pixels, "\(name): rows top to bottom, budget \(budget), threads \(threads)")
            }
        }
        XCTAssertGreaterThan(admitted, 0, "some cases are rendered under admission")
    }
}
