// swift-tools-version:6.0
// collage: declarative photo collages. Module map and rules: README "Architecture".
import PackageDescription

// No target of the `Collage` library product carries `unsafeFlags`: SwiftPM
// refuses a versioned dependency whose product's targets have them. Pixel loops
// are 10-50x slower unoptimised, so `scripts/test` builds the debug
// configuration with `-Xswiftc -O -Xcc -O2` instead (README "Tests").

let package = Package(
    name: "collage",
    products: [
        .executable(name: "collage", targets: ["CollageCLI"]),
        .library(name: "Collage", targets: ["Collage"]),
    ],
    targets: [
        // System libraries (Debian -dev packages, found through pkg-config).
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1"),
        .systemLibrary(name: "CText", pkgConfig: "freetype2 harfbuzz harfbuzz-subset fontconfig"),
        // libhyphen has no pkg-config file: the module map links it by name.
        .systemLibrary(name: "CHyphen"),
        .systemLibrary(name: "CImage", pkgConfig: "libpng16 libjpeg libexif lcms2 libwebp libwebpdemux"),
        // libqrencode for the qrcode overlay kind (Sources/CollageSpec/Overlays/QRCode).
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode"),
        // C helpers for what Swift cannot do (setjmp-based error handling).
        // zlib (linked: libpng needs it anyway) reads the start of an SVGZ to sniff it.
        .target(name: "CImageShim", dependencies: ["CImage"], linkerSettings: [.linkedLibrary("z")]),
        // ICU (icu-uc, libicu-dev) for bidi and line breaking, behind a header
        // with no ICU types so it never meets Foundation's own ICU module.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        // `collage serve`: libmicrohttpd (its thread pool, limits, timeouts,
        // Unix sockets) dlopen'ed by a shim on first use, not linked (issue
        // 32: it and GnuTLS cost every command start-up time and resident
        // memory); CMicroHTTPD is its header alone. Nettle's HMAC-SHA256
        // for signed URLs.
        .systemLibrary(name: "CMicroHTTPD"),
        .systemLibrary(name: "CNettle", pkgConfig: "nettle"),
        .target(name: "CHTTPShim", dependencies: ["CMicroHTTPD"]),

        // The one checked Double -> Int conversion, `Int(checked:)` (issue 13),
        // under both leaf modules, which share nothing else.
        .target(name: "CollageNumerics"),
        // The spec sees the codecs: a document's `output` keys are the savers'
        // options (`OutputFormat`, the registry of `CollageCodecs/Savers`).
        .target(name: "CollageSpec", dependencies: ["CYAML", "CQRencode", "CollageNumerics", "CollageCodecs"]),
        // The resampler's vertical pass in AVX registers and the focus
        // analysis's block sums in SSE2/AVX2, chosen at run time (function-level
        // target attributes: no -mavx flag).
        .target(name: "CRasterKernels"),
        .target(name: "CollageRaster", dependencies: ["CollageNumerics", "CRasterKernels"]),
        .target(name: "CollageCodecs", dependencies: ["CImage", "CImageShim", "CollageNumerics", "CollageRaster"]),
        // The text engine: fonts, shaping, bidi, line breaking, hyphenation,
        // ruby, vertical text; its output is a `TextLayout` (positioned glyph
        // ids per face, no pixels). Geometry types come from CollageRaster.
        .target(name: "CollageText", dependencies: ["CText", "CICU", "CHyphen", "CollageNumerics", "CollageSpec", "CollageRaster"]),
        .target(name: "CollageLayout", dependencies: ["CText", "CollageNumerics", "CollageSpec", "CollageRaster", "CollageText"]),
        // `focus: auto` and `focus: faces`: saliency, OpenCV cascade files read
        // (libxml2 through CImageShim's reader, numbers by strtod_l) and run
        // (CRasterKernels' window scan), the crop window chosen.
        .target(name: "CollageFocus", dependencies: ["CImageShim", "CollageRaster", "CRasterKernels"]),
        .target(name: "Collage", dependencies: ["CollageNumerics", "CollageSpec", "CollageRaster", "CollageCodecs", "CollageText", "CollageLayout", "CollageFocus", "CNettle"]),
        // `collage serve`: templates rendered on request (docs/serve.md); not in the library product.
        .target(name: "CollageServe", dependencies: ["Collage", "CHTTPShim", "CMicroHTTPD", "CNettle"],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        // Release links the Swift runtime statically: the dynamic loader no
        // longer resolves the runtime's symbols at every start (`collage
        // --version` 4.9 -> 3.5 ms; Benchmarks/). Debug (and the tests, which
        // load XCTest's shared runtime) keep it shared.
        // Release also links with the toolchain's lld, its relative
        // relocations packed (DT_RELR, glibc >= 2.36: Debian 12; 31,000
        // relocations in 0.7 MB become 6.6 KB) and no dynamic symbol exported
        // (8,900 -> 600): `collage help` peak RSS 11.9 -> 10.9 MiB (issue 32).
        .executableTarget(name: "CollageCLI", dependencies: ["Collage", "CollageNumerics", "CollageServe"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld",
                                                         "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                                         "-Xlinker", "--no-export-dynamic"],
                                                        .when(configuration: .release))]),
        // Micro-benchmark of the raster stage alone (synthetic decoded photos).
        .executableTarget(name: "RasterBench", dependencies: ["CollageRaster"], path: "Benchmarks/RasterBench"),

        // The tests' shared helpers (package, binary, pinned fonts, corpus, scratch folders, pixel metrics); in no product.
        .target(name: "CollageTestSupport", dependencies: ["CollageRaster"], path: "Tests/CollageTestSupport"),
        .testTarget(name: "CollageSpecTests", dependencies: ["CollageSpec", "CollageTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CollageRasterTests", dependencies: ["CollageRaster", "CRasterKernels", "CollageTestSupport"]),
        .testTarget(name: "CollageCodecsTests", dependencies: ["CollageCodecs", "CollageTestSupport"]),
        .testTarget(name: "CollageTextTests", dependencies: ["CollageText", "CText", "CHyphen", "CollageTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CollageLayoutTests", dependencies: ["CollageText", "CollageLayout", "CollageTestSupport"]),
        .testTarget(name: "CollageTests", dependencies: ["Collage", "CollageCodecs", "CollageCLI", "CollageTestSupport"],
                    exclude: ["Cases", "Goldens"]),
        .testTarget(name: "CollageFocusTests", dependencies: ["CollageFocus", "CollageCodecs", "CollageTestSupport"]),
        .testTarget(name: "CollageServeTests", dependencies: ["CollageServe", "Collage", "CollageTestSupport"]),
        // Every file of ../shared/corpus (MANIFEST.md), in process and through the `collage` binary.
        .testTarget(name: "CorpusTests", dependencies: ["Collage", "CollageCodecs", "CollageCLI", "CollageTestSupport"]),
    ]
)
