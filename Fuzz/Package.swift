// swift-tools-version:6.0
// libFuzzer targets for collage (README "Fuzzing"). A package of its own, so
// `swift build` and `swift test` at the root never see the sanitizers; build
// and run through `scripts/fuzz`, which passes `-sanitize=fuzzer,address` to
// every module (ours and the root's) and `-fsanitize=fuzzer-no-link,address`
// to the C shims, with the scratch path `Fuzz/.build`.
import PackageDescription

let collage: Target.Dependency = .product(name: "Collage", package: "collage")

let package = Package(
    name: "collage-fuzz",
    dependencies: [.package(name: "collage", path: "..")],
    targets: [
        // The libFuzzer driver entry, the synthetic photos and pinned fonts.
        .target(name: "FuzzSupport", dependencies: [collage]),
        // (a) document text -> Spec -> Layout -> Scene, photo headers only.
        .executableTarget(name: "FuzzDocument", dependencies: ["FuzzSupport", collage]),
        // (b) every image decoder (JPEG, PNG, WebP, HEIF/AVIF) from bytes.
        .executableTarget(name: "FuzzDecode", dependencies: ["FuzzSupport", collage]),
        // (c) bidi, line breaking, shaping with the pinned test fonts.
        .executableTarget(name: "FuzzText", dependencies: ["FuzzSupport", collage]),
        // (d) colours, percentages, `${…}`, globs, `--set`, CSV.
        .executableTarget(name: "FuzzGrammars", dependencies: ["FuzzSupport", collage]),
        // (e) SVG path data, the stroker, and a path shape's `d` in a document.
        .executableTarget(name: "FuzzPathData", dependencies: ["FuzzSupport", collage]),
    ]
)
