// swift-tools-version: 6.0
import PackageDescription

// An app that embeds Cellscape's layouts: it depends on the CellscapeLayout product alone.
let package = Package(
    name: "EmbedLayout",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Cellscape", path: "../..")],
    targets: [
        .executableTarget(
            name: "EmbedLayout", dependencies: [.product(name: "CellscapeLayout", package: "Cellscape")])
    ]
)
