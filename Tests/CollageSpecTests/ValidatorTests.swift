import XCTest
@testable import CollageSpec

/// Document -> Spec: typing, defaults, and every kind of diagnostic with its exact location.
final class ValidatorTests: XCTestCase {
    func testFullDocumentBecomesATypedSpec() throws {
        let ws = try Workspace(photos: ["photos/beach.jpg", "photos/dog.jpg"])
        let spec = try ws.load("""
            version: 1
            canvas:
              width: 2048
              height: 1024
              background: "#102030"
            output: {format: png, quality: 80}
            photos:
              - src: photos/beach.jpg
                id: sea
                fit: contain
                focus: [0.25, 1]
              - photos/dog.jpg
            layout: {kind: grid, columns: 2, rows: 1, gap: 8, padding: 16}
            overlays:
              - text: Summer
                font: {family: ["Noto Sans CJK JP", DejaVu Sans], size: 96.5}
                color: white
                anchor: baselineLeft
                offset: [0, -700]
            """)
        XCTAssertEqual(spec.version, 1)
        XCTAssertEqual(spec.canvas.width, 2048)
        XCTAssertEqual(spec.canvas.height, 1024)
        XCTAssertEqual(spec.canvas.background, RGBA(red: 0x10, green: 0x20, blue: 0x30))
        XCTAssertEqual(spec.canvas.location, SourceLocation(file: "doc.yaml", line: 2, column: 1))
        XCTAssertEqual(spec.output.format, .png)
        XCTAssertEqual(spec.output.quality, 80)
        XCTAssertEqual(spec.output.formatLocation, SourceLocation(file: "doc.yaml", line: 6, column: 18))
        // `location` is the list item's start (8:5 for the block mapping); the rest as below.
        XCTAssertEqual(spec.photos.map(\.location), [SourceLocation(file: "doc.yaml", line: 8, column: 5),
                                                     SourceLocation(file: "doc.yaml", line: 12, column: 5)])
        XCTAssertEqual(spec.photos.map { photo in var photo = photo; photo.location = photo.srcLocation; return photo }, [
            PhotoSpec(path: ws.path("photos/beach.jpg"), src: "photos/beach.jpg",
                      srcLocation: SourceLocation(file: "doc.yaml", line: 8, column: 10),
                      id: "sea", fit: .contain, focusX: 0.25, focusY: 1),
            PhotoSpec(path: ws.path("photos/dog.jpg"), src: "photos/dog.jpg",
                      srcLocation: SourceLocation(file: "doc.yaml", line: 12, column: 5), id: "dog"),
        ])
        XCTAssertEqual(spec.layout.kind, .grid(columns: 2, rows: 1))
        XCTAssertEqual(spec.layout.gap, 8)
        XCTAssertEqual(spec.layout.padding, 16)
        XCTAssertEqual(spec.overlays, [
            OverlaySpec(kind: .text(TextOverlaySpec(text: "Summer",
                                                    font: FontSpec(family: ["Noto Sans CJK JP", "DejaVu Sans"], size: 96.5),
                                                    color: .white)),
                        anchor: .baselineLeft, offsetX: .pixels(0), offsetY: .pixels(-700),
                        location: SourceLocation(file: "doc.yaml", line: 15, column: 5)),
        ])
    }

    func testDefaults() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("version: 1\nphotos: [a.jpg]\noverlays: [{text: hi}]\n")
        XCTAssertNil(spec.canvas.width)
        XCTAssertNil(spec.canvas.height)
        XCTAssertEqual(spec.canvas.background, .white)
        XCTAssertEqual(spec.canvas.location, SourceLocation(file: "doc.yaml", line: 1, column: 1))
        XCTAssertNil(spec.output.format)
        XCTAssertNil(spec.output.quality)
        XCTAssertEqual(spec.layout.kind, .auto)
        XCTAssertEqual(spec.layout.gap, 0)
        XCTAssertEqual(spec.layout.padding, 0)
        XCTAssertEqual(spec.photos.map(\.fit), [.cover])
        XCTAssertEqual(spec.photos[0].focusX, 0.5)
        XCTAssertEqual(spec.photos[0].focusY, 0.5)
        let overlay = spec.overlays[0]
        XCTAssertEqual(overlay.text?.font, FontSpec(family: ["sans-serif"], size: 48))
        XCTAssertEqual(overlay.text?.color, .black)
        XCTAssertEqual(overlay.anchor, .center)
        XCTAssertEqual(overlay.offsetX, .pixels(0))
        XCTAssertEqual(overlay.offsetY, .pixels(0))
        XCTAssertEqual(overlay.rotation, 0)
        XCTAssertEqual(overlay.opacity, 1)
    }

    func testMisspelledKeySuggestsTheRightOne() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\ncanvas:\n  widht: 100\nphotos: [a.jpg]\n")
        XCTAssertEqual(places(errors), [Where(.unknownKey, 3, 3)])
        XCTAssertEqual(errors[0].message, "unknown key 'widht' in 'canvas'; did you mean 'width'?")
        XCTAssertEqual(errors[0].description, "doc.yaml:3:3: error: unknown key 'widht' in 'canvas'; did you mean 'width'?")
        // Far from every key: no suggestion, the known keys as a note.
        let far = ws.errors("version: 1\nphotos: [a.jpg]\nzebra: 1\n")
        XCTAssertEqual(places(far), [Where(.unknownKey, 3, 1)])
        XCTAssertEqual(far[0].message, "unknown key 'zebra' at the top level")
        XCTAssertEqual(far[0].notes.count, 1)
    }

    func testWrongTypeSaysExpectedAndFound() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            canvas: {width: big, height: "300"}
            photos: [a.jpg]
            layout: [grid]
            """)
        XCTAssertEqual(places(errors), [Where(.wrongType, 2, 17), Where(.wrongType, 2, 30), Where(.wrongType, 4, 9)])
        XCTAssertEqual(errors[0].message, "expected an integer for 'width', found the string \"big\"")
        XCTAssertEqual(errors[1].message, "expected an integer for 'height', found the string \"300\"")
        XCTAssertEqual(errors[2].message, "expected a mapping of keys for 'layout', found a list")
    }

    func testMissingPhotoIsReportedAtItsSrcValue() throws {
        let ws = try Workspace(photos: ["there.jpg"])
        let errors = ws.errors("""
            version: 1
            photos:
              - there.jpg
              - missing/one.jpg
              - src: "two.png"
            canvas: {width: 10, height: 10}
            """)
        XCTAssertEqual(places(errors), [Where(.missingFile, 4, 5), Where(.missingFile, 5, 10)])
        XCTAssertEqual(errors[0].message, "photo file not found: 'missing/one.jpg'")
        XCTAssertEqual(errors[0].notes, ["looked for \(ws.path("missing/one.jpg"))"])
        XCTAssertEqual(errors[1].message, "photo file not found: 'two.png'")
    }

    func testPhotoPathsResolveAgainstTheDocumentFolder() throws {
        let ws = try Workspace(photos: ["a/b.jpg"])
        let spec = try ws.load("version: 1\nphotos: [./a/../a/b.jpg, \(ws.path("a/b.jpg"))]\ncanvas: {width: 4, height: 4}\n")
        XCTAssertEqual(spec.photos.map(\.path), [ws.path("a/b.jpg"), ws.path("a/b.jpg")])
        XCTAssertEqual(spec.photos.map(\.src), ["./a/../a/b.jpg", ws.path("a/b.jpg")])
        XCTAssertEqual(spec.photos.map(\.id), ["b", "b"])
    }

    func testLoadFromPathUsesTheFileFolderAndExposesTheSource() throws {
        let ws = try Workspace(photos: ["p/x.jpg"])
        try ws.touch("docs/placeholder")
        let doc = ws.path("docs/trip.yaml")
        try Array("version: 1\nphotos: [../p/x.jpg]\n".utf8).withUnsafeBufferPointer {
            try Data(buffer: $0).write(to: URL(fileURLWithPath: doc))
        }
        let spec = try DocumentLoader.load(path: doc)
        XCTAssertEqual(spec.photos.map(\.path), [ws.path("p/x.jpg")])
        XCTAssertEqual(spec.file, doc)
        XCTAssertEqual(spec.source, SourceText(file: doc, bytes: Array("version: 1\nphotos: [../p/x.jpg]\n".utf8)))

        let bad = ws.path("docs/bad.yaml")
        let text = "version: 1\nphotos: [nope.jpg]\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: bad))
        do {
            _ = try DocumentLoader.load(path: bad)
            XCTFail("loaded")
        } catch {
            XCTAssertEqual(places(error.diagnostics), [Where(.missingFile, 2, 10)])
            XCTAssertEqual(error.source?.bytes, Array(text.utf8))
            XCTAssertEqual(error.source?.file, bad)
        }
        do {
            _ = try DocumentLoader.load(path: ws.path("docs/absent.yaml"))
            XCTFail("loaded")
        } catch {
            XCTAssertEqual(error.diagnostics.map(\.kind), [.missingFile])
            XCTAssertNil(error.diagnostics[0].location)
            XCTAssertNil(error.source)
        }
    }

    func testYAMLAndJSONTwinsGiveEqualSpecs() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.png"])
        let yaml = try ws.load("""
            version: 1
            canvas: {width: 800, height: 600, background: "#ff000080"}
            output: {format: jpeg, quality: 75}
            photos:
              - {src: a.jpg, focus: [0.1, 0.9]}
              - src: b.png
                id: second
                fit: contain
            order: [second, a]
            layout: {kind: grid, columns: 2, gap: 4}
            overlays:
              - text: "0755"
                font: {family: DejaVu Sans, size: 30}
                anchor: bottomRight
                offset: [-10, -10.5]
            """)
        let json = try ws.load("""
            {
              "version": 1,
              "canvas": {"width": 800, "height": 600, "background": "#ff000080"},
              "output": {"format": "jpeg", "quality": 75},
              "photos": [
                {"src": "a.jpg", "focus": [0.1, 0.9]},
                {"src": "b.png", "id": "second", "fit": "contain"}
              ],
              "order": ["second", "a"],
              "layout": {"kind": "grid", "columns": 2, "gap": 4},
              "overlays": [
                {"text": "0755", "font": {"family": "DejaVu Sans", "size": 30},
                 "anchor": "bottomRight", "offset": [-10, -10.5]}
              ]
            }
            """, file: "doc.json")
        XCTAssertEqual(yaml.withoutLocations, json.withoutLocations)
        XCTAssertEqual(json.photos.map(\.id), ["second", "a"])
        XCTAssertEqual(json.canvas.background, RGBA(red: 255, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(json.photos[1].srcLocation, SourceLocation(file: "doc.json", line: 6, column: 13))
    }

    func testByteOrderMarkGivesTheSameSpec() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let text = "version: 1\nphotos: [a.jpg]\n"
        let plain = try ws.load(text)
        let withBOM = try DocumentLoader.load(text: [0xEF, 0xBB, 0xBF] + Array(text.utf8), file: "doc.yaml",
                                              baseDirectory: ws.folder)
        XCTAssertEqual(plain.withoutLocations, withBOM.withoutLocations)
        XCTAssertEqual(plain.photos, withBOM.photos)   // locations included: the BOM shifts nothing
        XCTAssertEqual(withBOM.source?.line(1), "version: 1")
    }

    func testOrderReordersAndSubsets() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.jpg", "c.jpg"])
        let spec = try ws.load("version: 1\ncanvas: {width: 9, height: 9}\nphotos: [a.jpg, b.jpg, c.jpg]\norder: [c, a]\n")
        XCTAssertEqual(spec.photos.map(\.id), ["c", "a"])
        XCTAssertEqual(spec.photos.map(\.path), [ws.path("c.jpg"), ws.path("a.jpg")])
    }

    func testOrderWithUnknownIdIsReportedAtTheItem() throws {
        let ws = try Workspace(photos: ["beach.jpg", "dog.jpg"])
        let errors = ws.errors("version: 1\ncanvas: {width: 9, height: 9}\nphotos: [beach.jpg, dog.jpg]\norder: [dog, beech]\n")
        XCTAssertEqual(places(errors), [Where(.unknownId, 4, 14)])
        XCTAssertEqual(errors[0].message, "no photo has id 'beech'; did you mean 'beach'?")
    }

    func testAmbiguousStemIsAnErrorOnlyWhereReferenced() throws {
        let ws = try Workspace(photos: ["a/x.jpg", "b/x.jpg", "y.jpg"])
        // Not referenced: fine.
        let spec = try ws.load("version: 1\ncanvas: {width: 9, height: 9}\nphotos: [a/x.jpg, b/x.jpg, y.jpg]\n")
        XCTAssertEqual(spec.photos.map(\.id), ["x", "x", "y"])
        // Referenced: an error at the reference naming both photos.
        let errors = ws.errors("version: 1\ncanvas: {width: 9, height: 9}\nphotos:\n  - a/x.jpg\n  - b/x.jpg\norder: [x]\n")
        XCTAssertEqual(places(errors), [Where(.invalidValue, 6, 9)])
        XCTAssertEqual(errors[0].message, "id 'x' is ambiguous: the photos on line 4, line 5 all have it")
        // An explicit id wins over a stem.
        let chosen = try ws.load("version: 1\nphotos:\n  - a/x.jpg\n  - {src: b/x.jpg, id: x}\norder: [x]\n")
        XCTAssertEqual(chosen.photos.map(\.path), [ws.path("b/x.jpg")])
    }

    func testUnsupportedKeysAndValuesAreReportedAsNotSupportedYet() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            output: {format: jpeg, dpi: 300, progressive: true}
            photos:
              - {src: a.jpg}
            layout: {kind: grid, columns: 1}
            overlays:
              - text: hi
                direction: vertical
                align: justify
            """)
        // `dpi` and `progressive` are supported now: no error on line 2; nor
        // `direction` in 'layout' and `direction: vertical` (issue 19).
        XCTAssertEqual(places(errors), [Where(.unsupported, 9, 12)])
        XCTAssertEqual(errors[0].message, "'align: justify' with 'direction: vertical' is not supported yet")
        XCTAssertTrue(errors.allSatisfy { $0.message.hasSuffix("not supported yet") })
    }

    func testEveryKeyOfTheDesignIsKnown() {
        // Every key of the original design's sketch and prose (docs/format.md): none of these may ever be an unknown key.
        let design: [(Section, [String])] = [
            (Vocabulary.root, ["version", "canvas", "output", "photos", "order", "layout", "overlays", "vars"]),
            (Vocabulary.canvas, ["width", "height", "background"]),
            (Vocabulary.output, ["format", "quality", "subsampling", "progressive", "dpi"]),
            (Vocabulary.photo, ["src", "id", "fit", "focus", "cell", "frame", "anchor", "offset", "width", "height",
                                "cornerRadius", "border", "opacity", "rotation", "crop", "zoom", "orientation", "sort"]),
            (Vocabulary.layout, ["kind", "gap", "padding", "columns", "rows", "columnWidths", "rowHeights", "rowHeight"]),
            (Vocabulary.overlay, ["text", "font", "color", "stroke", "shadow", "anchor", "offset", "maxWidth", "align",
                                  "image", "width", "height", "opacity", "photo", "lineHeight", "letterSpacing"]),
            (Vocabulary.font, ["family", "size", "weight"]),
        ]
        for (section, keys) in design {
            for key in keys { XCTAssertTrue(section.allKeys.contains(key), "\(key) in \(section.name)") }
            XCTAssertEqual(Set(section.allKeys).count, section.allKeys.count, "duplicates in \(section.name)")
            XCTAssertTrue(Set(section.supported).isDisjoint(with: section.unsupported))
        }
    }

    func testAutoTakesAtMostNinePhotos() throws {
        let names = (1...10).map { "p\($0).jpg" }
        let ws = try Workspace(photos: names)
        let doc = "version: 1\ncanvas: {width: 90, height: 90}\nphotos: [\(names.joined(separator: ", "))]\n"
        let errors = ws.errors(doc)
        XCTAssertEqual(places(errors), [Where(.outOfRange, 3, 1)])
        XCTAssertEqual(errors[0].message, "the 'auto' layout takes 1 to 9 photos; this document has 10")
        XCTAssertTrue(errors[0].notes[0].contains("grid"))
        // With `kind: auto` written, the error points at it.
        XCTAssertEqual(places(ws.errors(doc + "layout: {kind: auto}\n")), [Where(.outOfRange, 4, 16)])
        // Nine is fine, and so is a subset of nine through `order`.
        XCTAssertEqual(try ws.load(doc + "order: [p1, p2, p3, p4, p5, p6, p7, p8, p9]\n").photos.count, 9)
        // A grid takes them; too small a grid is an error at `rows`.
        XCTAssertEqual(try ws.load(doc + "layout: {kind: grid, columns: 4}\n").layout.kind, .grid(columns: 4, rows: nil))
        let grid = ws.errors(doc + "layout:\n  kind: grid\n  columns: 3\n  rows: 3\n")
        XCTAssertEqual(places(grid), [Where(.outOfRange, 7, 9)])
        XCTAssertEqual(grid[0].message, "a grid of 3 × 3 cells cannot hold 10 photos")
    }

    func testGridNeedsColumns() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\nphotos: [a.jpg]\nlayout:\n  kind: grid\n")
        XCTAssertEqual(places(errors), [Where(.missingKey, 3, 1)])
        let auto = ws.errors("version: 1\nphotos: [a.jpg]\nlayout: {columns: 2}\n")
        XCTAssertEqual(places(auto), [Where(.invalidValue, 3, 10)])
    }

    func testMissingRequiredKeys() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        XCTAssertEqual(places(ws.errors("photos: [a.jpg]\n")), [Where(.missingKey, 1, 1)])
        XCTAssertEqual(places(ws.errors("version: 1\n")), [Where(.missingKey, 1, 1)])
        XCTAssertEqual(places(ws.errors("version: 1\nphotos:\n  - id: x\n")), [Where(.missingKey, 3, 5)])
        XCTAssertEqual(places(ws.errors("version: 1\nphotos: [a.jpg]\noverlays:\n  - color: red\n")),
                       [Where(.missingKey, 4, 5)])
        XCTAssertEqual(places(ws.errors("")), [Where(.missingKey, 1, 1)])
    }

    func testTwoPhotosNeedBothCanvasSides() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.jpg"])
        let errors = ws.errors("version: 1\ncanvas:\n  width: 100\nphotos: [a.jpg, b.jpg]\n")
        XCTAssertEqual(places(errors), [Where(.missingKey, 2, 1)])
        XCTAssertEqual(errors[0].message,
                       "missing canvas 'height': it can only be derived for a single photo, and this document lays out 2")
        XCTAssertEqual(places(ws.errors("version: 1\nphotos: [a.jpg, b.jpg]\n")),
                       [Where(.missingKey, 1, 1), Where(.missingKey, 1, 1)])
        // One photo: either side may be left out.
        XCTAssertEqual(try ws.load("version: 1\ncanvas: {height: 50}\nphotos: [a.jpg]\n").canvas.height, 50)
    }

    func testScalarsAreTypedByTheKey() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let spec = try ws.load("""
            version: 1
            canvas: {width: 010, height: +20}
            photos: [a.jpg]
            overlays:
              - text: no
              - text: 0755
              - text: 1e3
              - {text: true, font: {family: 123, size: 12}}
            """)
        XCTAssertEqual(spec.canvas.width, 10)
        XCTAssertEqual(spec.canvas.height, 20)
        XCTAssertEqual(spec.overlays.map(\.text?.text), ["no", "0755", "1e3", "true"])
        XCTAssertEqual(spec.overlays[3].text?.font.family, ["123"])
        // Not numbers: octal-looking hex, inf, underscores, a fraction for an integer.
        let errors = ws.errors("version: 1\nphotos: [a.jpg]\ncanvas: {width: 0x10, height: .inf}\nlayout: {gap: 1_000, padding: 2.5}\n")
        XCTAssertEqual(errors.map(\.kind), [.wrongType, .wrongType, .wrongType, .wrongType])
        XCTAssertEqual(errors[3].message, "expected an integer for 'padding', found the number 2.5")
        // A boolean for a number.
        let bool = ws.errors("version: 1\nphotos: [a.jpg]\nlayout: {gap: true}\n")
        XCTAssertEqual(bool.first?.message, "expected an integer for 'gap', found the boolean true")
    }

    func testRangesAreChecked() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 2
            canvas: {width: 40000, height: 0}
            output: {quality: 101}
            photos:
              - {src: a.jpg, focus: [1.5, 0]}
            layout: {gap: -1}
            overlays: [{text: x, font: {size: 0}}]
            """)
        XCTAssertEqual(places(errors), [
            Where(.outOfRange, 1, 10), Where(.outOfRange, 2, 17), Where(.outOfRange, 2, 32),
            Where(.outOfRange, 3, 19), Where(.outOfRange, 5, 26), Where(.outOfRange, 6, 15),
            Where(.outOfRange, 7, 35),
        ])
        XCTAssertEqual(errors[1].message, "'width' must be from 1 to 32768; found 40000")
        let area = ws.errors("version: 1\nphotos: [a.jpg]\ncanvas: {width: 32768, height: 32768}\n")
        XCTAssertEqual(places(area), [Where(.outOfRange, 3, 32)])
    }

    func testEnumeratedValuesSuggest() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("""
            version: 1
            output: {format: jpg}
            photos: [{src: a.jpg, fit: cvoer}]
            overlays: [{text: x, anchor: topleft, color: whit}]
            """)
        XCTAssertEqual(places(errors), [Where(.invalidValue, 2, 18), Where(.invalidValue, 3, 28),
                                        Where(.invalidValue, 4, 30), Where(.invalidValue, 4, 46)])
        XCTAssertEqual(errors[0].message, "'jpg' is not a valid 'format'; did you mean 'jpeg'?")
        XCTAssertEqual(errors[1].message, "'cvoer' is not a valid 'fit'; did you mean 'cover'?")
        XCTAssertEqual(errors[2].message, "'topleft' is not a valid 'anchor'; did you mean 'topLeft'?")
        XCTAssertEqual(errors[3].message, "'whit' is not a colour for 'color'; did you mean 'white'?")
    }

    func testEveryAnchorNameIsAccepted() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let overlays = Anchor.allCases.map { "  - {text: x, anchor: \($0.rawValue)}" }.joined(separator: "\n")
        let spec = try ws.load("version: 1\nphotos: [a.jpg]\noverlays:\n\(overlays)\n")
        XCTAssertEqual(spec.overlays.map(\.anchor), Anchor.allCases)
        XCTAssertEqual(Anchor.allCases.count, 12)
    }

    func testUnquotedHashColourGetsAHint() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\nphotos: [a.jpg]\ncanvas:\n  background: #ffffff\n")
        XCTAssertEqual(places(errors), [Where(.wrongType, 4, 14)])
        XCTAssertTrue(errors[0].notes.first?.contains("quote the colour") ?? false)
    }

    func testEveryErrorIsReportedInSourceOrder() throws {
        let ws = try Workspace()
        let errors = ws.errors("""
            version: 1
            photos:
              - gone.jpg
              - {src: also-gone.jpg, fit: fill}
            canvas:
              width: wide
              colour: red
            layout: {gap: x}
            canvas2: 1
            """)
        XCTAssertEqual(places(errors), [
            Where(.missingFile, 3, 5), Where(.missingFile, 4, 11), Where(.invalidValue, 4, 31),
            Where(.wrongType, 6, 10), Where(.unknownKey, 7, 3), Where(.wrongType, 8, 15),
            Where(.unknownKey, 9, 1),
        ])
        // The missing canvas 'height' is not reported: the canvas has errors of its own.
        XCTAssertEqual(errors[4].message, "unknown key 'colour' in 'canvas'")
    }

    func testDuplicateKeysAreReportedAndValidationContinues() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\nphotos: [a.jpg]\ncanvas:\n  width: 5\n  width: 6\n  hieght: 3\n")
        XCTAssertEqual(places(errors), [Where(.duplicateKey, 5, 3), Where(.unknownKey, 6, 3)])
        XCTAssertEqual(errors[0].message, "duplicate key 'width' on line 5; it is already on line 4")
    }

    func testErrorsAreCapped() throws {
        let ws = try Workspace()
        let photos = (1...80).map { "  - missing\($0).jpg" }.joined(separator: "\n")
        let errors = ws.errors("version: 1\ncanvas: {width: 9, height: 9}\nlayout: {kind: grid, columns: 9}\nphotos:\n\(photos)\n")
        XCTAssertEqual(errors.count, DocumentLoader.maxDiagnostics)
        XCTAssertEqual(errors.last?.location?.line, 54)
        XCTAssertEqual(errors.last?.notes.last, "too many errors: 30 more not shown")
    }
}

/// Shapes that are not the document's: a list at the top, empty values,
/// globs and percentages (known, not built yet), CRLF line ends.
final class ValidatorShapeTests: XCTestCase {
    func testTopLevelMustBeAMapping() throws {
        let ws = try Workspace()
        let errors = ws.errors("- a.jpg\n- b.jpg\n")
        XCTAssertEqual(places(errors), [Where(.wrongType, 1, 1)])
        XCTAssertEqual(errors[0].message, "expected a mapping of keys for the document, found a list")
    }

    func testEmptyValues() throws {
        let ws = try Workspace()
        let errors = ws.errors("version: 1\nphotos:\ncanvas:\n")
        XCTAssertEqual(places(errors), [Where(.wrongType, 2, 8), Where(.wrongType, 3, 8)])
        XCTAssertEqual(errors[0].message, "expected a list of photos for 'photos', found nothing (an empty value)")
        // No photos is a card of overlays, which needs both canvas sides (issue 15).
        XCTAssertEqual(places(ws.errors("version: 1\nphotos: []\n")), [Where(.missingKey, 2, 9)])
    }

    func testGlobsExpandInNameOrderWithStemIds() throws {
        let ws = try Workspace(photos: ["a.jpg", "p/img10.jpg", "p/img2.jpg", "p/img1.jpg", "p/notes.txt"])
        let spec = try ws.load("version: 1\nphotos: [{src: \"p/*.jpg\", sort: date, fit: contain}, a.jpg]\ncanvas: {width: 9, height: 9}\nlayout: {kind: grid, columns: 4}\n")
        XCTAssertEqual(spec.photos.map(\.id), ["img1", "img10", "img2", "a"])
        XCTAssertEqual(spec.photos.map(\.path), [ws.path("p/img1.jpg"), ws.path("p/img10.jpg"), ws.path("p/img2.jpg"), ws.path("a.jpg")])
        XCTAssertEqual(spec.photos.map(\.fit), [.contain, .contain, .contain, .cover])
        XCTAssertEqual(spec.photos.map(\.dateSortGroup), [1, 1, 1, nil])
        // `order` wins over `sort: date`.
        let ordered = try ws.load("version: 1\nphotos: [{src: \"p/*.jpg\", sort: date}]\ncanvas: {width: 9, height: 9}\nlayout: {kind: grid, columns: 4}\norder: [img2, img1]\n")
        XCTAssertEqual(ordered.photos.map(\.id), ["img2", "img1"])
        XCTAssertEqual(ordered.photos.map(\.dateSortGroup), [nil, nil])
        // A glob that matches nothing is an error at its src; `id` with a glob is an error.
        let errors = ws.errors("version: 1\nphotos: [\"q/*.jpg\", {src: \"p/*.jpg\", id: x}, {src: a.jpg, sort: name}]\ncanvas: {width: 9, height: 9}\n")
        XCTAssertEqual(places(errors), [Where(.missingFile, 2, 10), Where(.invalidValue, 2, 38), Where(.invalidValue, 2, 59)])
        XCTAssertEqual(errors[0].message, "no file matches the photo pattern 'q/*.jpg'")
        XCTAssertEqual(errors[1].message, "'id' cannot be given for a glob 'src'; each photo's id is its file stem")
    }

    func testPercentageLengthsResolveAgainstTheirReference() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.jpg"])
        // gap/padding: the canvas's shorter side (400): 2.5% = 10, 5% = 20.
        let spec = try ws.load("version: 1\nphotos: [a.jpg, b.jpg]\ncanvas: {width: 1000, height: 400}\nlayout: {gap: \"2.5%\", padding: 5%}\n")
        XCTAssertEqual(spec.layout.gap, 10)
        XCTAssertEqual(spec.layout.padding, 20)
        // Typed after substitution: a variable holding a percentage is one.
        XCTAssertEqual(try ws.load("version: 1\nphotos: [a.jpg, b.jpg]\ncanvas: {width: 1000, height: 400}\nvars: {g: 5%}\nlayout: {gap: \"${g}\"}\n").layout.gap, 20)
        // free frames: x and width of the canvas width, y and height of its height; offsets likewise.
        let free = try ws.load("""
            version: 1
            canvas: {width: 1000, height: 400}
            layout: {kind: free}
            photos:
              - {src: a.jpg, frame: {x: 10%, y: 25%, width: 50%, height: 50%}}
              - {src: b.jpg, anchor: bottomRight, offset: [-1%, "-5%"], width: 30%}
            """)
        XCTAssertEqual(free.photos[0].placement, .frame(x: 100, y: 100, width: 500, height: 200))
        XCTAssertEqual(free.photos[1].placement, .anchored(anchor: .bottomRight, offsetX: -10, offsetY: -20, width: 300, height: nil))
        // A percentage needs the canvas side it refers to.
        let errors = ws.errors("version: 1\nphotos: [a.jpg]\nlayout: {gap: 5%}\n")
        XCTAssertEqual(places(errors), [Where(.invalidValue, 3, 15)])
        XCTAssertEqual(errors[0].message, "a percentage for 'gap' needs the canvas width or height, which this document does not give")
    }

    func testLayoutKeysOfIssue5() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.jpg", "logo.png"])
        let spec = try ws.load("""
            version: 1
            canvas: {width: 900}
            photos:
              - {src: a.jpg, cornerRadius: 5%, border: {width: 4, color: red}, opacity: 0.5, rotation: -3.5,
                 crop: {x: 0.1, y: 0, width: 0.5, height: 1}, zoom: 1.5, orientation: 6}
              - b.jpg
            layout: {kind: justified, rowHeight: 240, gap: 6}
            overlays:
              - {image: logo.png, anchor: topRight, offset: [-5%, 10], width: 20%, opacity: 0.8, photo: b}
            """)
        let a = spec.photos[0]
        XCTAssertEqual([a.opacity, a.rotation, a.zoom], [0.5, -3.5, 1.5])
        XCTAssertEqual(a.cornerRadius, .percent(5))
        XCTAssertEqual(a.border, BorderSpec(width: .pixels(4), color: RGBA(red: 255, green: 0, blue: 0)))
        XCTAssertEqual(a.crop, CropSpec(x: 0.1, y: 0, width: 0.5, height: 1))
        XCTAssertEqual(a.orientation, 6)
        XCTAssertEqual(spec.layout.kind, .justified(rowHeight: 240))
        XCTAssertNil(spec.canvas.height)
        guard case .image(let logo) = spec.overlays[0].kind else { return XCTFail("not an image overlay") }
        XCTAssertEqual(logo, ImageOverlaySpec(path: ws.path("logo.png"), src: "logo.png", srcLocation: logo.srcLocation,
                                              width: .percent(20)))
        XCTAssertEqual([spec.overlays[0].offsetX, spec.overlays[0].offsetY], [.percent(-5), .pixels(10)])
        XCTAssertEqual(spec.overlays[0].opacity, 0.8)
        XCTAssertEqual(spec.overlays[0].photo, "b")
        XCTAssertEqual(spec.overlays[0].anchor, .topRight)

        let grid = try ws.load("version: 1\ncanvas: {width: 90, height: 90}\nphotos: [{src: a.jpg, cell: {column: 2, row: 1, rowSpan: 2}}, b.jpg]\nlayout: {kind: grid, columns: 2, rows: 2, columnWidths: [1, 2], rowHeights: [3, 1]}\n")
        let cell = try XCTUnwrap(grid.photos[0].cell)
        XCTAssertEqual(cell, GridCellSpec(column: 2, row: 1, columnSpan: 1, rowSpan: 2, location: cell.location))
        XCTAssertEqual([cell.location.line, cell.location.column], [3, 29])
        XCTAssertEqual(grid.layout.columnWidths, [1, 2])
        XCTAssertEqual(grid.layout.rowHeights, [3, 1])
        XCTAssertEqual(grid.layout.rowsLocation.map { [$0.line, $0.column] }, [4, 40])

        let errors = ws.errors("""
            version: 1
            canvas: {width: 90, height: 90}
            photos:
              - {src: a.jpg, cell: {column: 1}, crop: {x: 0.6, y: 0, width: 0.5, height: 1}, zoom: 0.5, orientation: 9}
              - {src: b.jpg, frame: {x: 0, y: 0, width: 9, height: 9}}
            layout: {kind: grid, columns: 2, columnWidths: [1], rowHeight: 5}
            overlays:
              - {image: logo.png, photo: c}
            """)
        XCTAssertEqual(places(errors), [
            Where(.missingKey, 4, 24), Where(.outOfRange, 4, 43), Where(.outOfRange, 4, 88), Where(.outOfRange, 4, 106),
            Where(.invalidValue, 5, 18), Where(.invalidValue, 6, 48), Where(.invalidValue, 6, 53), Where(.unknownId, 8, 30),
        ])
        XCTAssertEqual(errors.map(\.message), [
            "missing key 'row' in 'cell' (1-based)",
            "'crop' must be a window inside the photo: x + width and y + height at most 1",
            "'zoom' must be from 1 to 100; found 0.5",
            "'orientation' must be from 1 to 8; found 9",
            "'frame', 'anchor', 'offset', 'width' and 'height' of a photo apply only to 'kind: free'",
            "'columnWidths' lists 1 weights for 2 columns; give one weight per column",
            "'rowHeight' applies only to 'kind: justified'",
            "no photo has id 'c' for 'photo'",
        ])
    }

    func testJustifiedColumns() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.jpg"])
        let pixels = try ws.load("version: 1\ncanvas: {height: 900}\nphotos: [a.jpg, b.jpg]\nlayout: {kind: justified, direction: vertical, columnWidth: 240}\n")
        XCTAssertEqual(pixels.layout.kind, .justifiedColumns(columnWidth: 240))
        XCTAssertEqual(pixels.layout.kind.name, .justified)
        XCTAssertNil(pixels.canvas.width, "derived from the columns")
        let errors = ws.errors("""
            version: 1
            canvas: {width: 900}
            photos: [a.jpg, b.jpg]
            layout: {kind: justified, direction: vertical, rowHeight: 200}
            """)
        XCTAssertEqual(places(errors), [Where(.missingKey, 2, 1), Where(.missingKey, 4, 1), Where(.invalidValue, 4, 48)])
        XCTAssertEqual(errors.map(\.message), [
            "missing canvas 'height': it can only be derived for a single photo, and this document lays out 2",
            "'kind: justified' with 'direction: vertical' needs 'columnWidth' in 'layout': the target column width in pixels",
            "'rowHeight' applies to justified rows; columns ('direction: vertical') take 'columnWidth'",
        ])
        let other = ws.errors("""
            version: 1
            canvas: {width: 900, height: 900}
            photos: [a.jpg, b.jpg]
            layout: {kind: grid, columns: 2, direction: vertical, columnWidth: 3}
            """)
        XCTAssertEqual(other.map(\.message), [
            "'direction' applies only to 'kind: justified' (rows, or columns)",
            "'columnWidth' applies only to 'kind: justified' with 'direction: vertical'",
        ])
    }

    func testCRLFLineEnds() throws {
        let ws = try Workspace(photos: ["a.jpg"])
        let errors = ws.errors("version: 1\r\nphotos: [a.jpg]\r\ncanvas:\r\n  hight: 3\r\n")
        XCTAssertEqual(places(errors), [Where(.unknownKey, 4, 3)])
        XCTAssertEqual(errors[0].message, "unknown key 'hight' in 'canvas'; did you mean 'height'?")
    }

    func testDuplicatePhotoIds() throws {
        let ws = try Workspace(photos: ["a.jpg", "b.jpg"])
        let errors = ws.errors("version: 1\ncanvas: {width: 9, height: 9}\nphotos:\n  - {src: a.jpg, id: x}\n  - {src: b.jpg, id: x}\n")
        XCTAssertEqual(places(errors), [Where(.invalidValue, 5, 22)])
        XCTAssertEqual(errors[0].message, "photo id 'x' is already used by the photo on line 4")
    }
}
