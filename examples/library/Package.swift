// swift-tools-version:6.0
// An application that uses collage as a library (README "Using the library").
// `name: "collage"` gives the path dependency the identity the product
// reference needs, whatever the folder of the clone is called.
import PackageDescription

let package = Package(
    name: "library-example",
    dependencies: [.package(name: "collage", path: "../..")],
    targets: [
        .executableTarget(name: "LibraryExample", dependencies: [.product(name: "Collage", package: "collage")]),
    ]
)
