// swift-tools-version:5.3
// Fuzz targets for every parser and decoder that reads what a user hands over, built with libFuzzer
// and AddressSanitizer by `scripts/fuzz TARGET SECONDS` (not by the main package's build). Tools
// version 5.3: later ones rename an executable's entry point, and libFuzzer brings its own main.
import PackageDescription

let targets = [
    "FuzzSession", "FuzzCatalog", "FuzzForceInput", "FuzzPictureHeader", "FuzzJPEG", "FuzzPNG", "FuzzThumbnailCache",
    "FuzzGIF", "FuzzWebP", "FuzzColourProfile", "FuzzOptionalCodecs", "FuzzAPNG", "FuzzVideo", "FuzzMastodon",
    "FuzzGIPHY", "FuzzLinkHeader", "FuzzCachedAnswer",
]

let package = Package(
    name: "CellscapeFuzz",
    products: targets.map { .executable(name: $0, targets: [$0]) },
    dependencies: [.package(name: "Cellscape", path: "..")],
    targets: targets.map { name in
        .target(
            name: name,
            dependencies: [
                .product(name: "CellscapeLayout", package: "Cellscape"),
                .product(name: "CellscapeRender", package: "Cellscape"),
                .product(name: "CellscapePictures", package: "Cellscape"),
                .product(name: "CellscapeViewer", package: "Cellscape"),
                .product(name: "CellscapeFeeds", package: "Cellscape"),
                .product(name: "CellscapeFixtures", package: "Cellscape"),
            ])
    }
)
