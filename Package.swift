// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Cellscape",
    products: [
        .library(name: "CellscapeCore", targets: ["CellscapeCore"]),
        .executable(name: "cellscape", targets: ["cellscape"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .target(name: "CellscapeCore"),
        .executableTarget(
            name: "cellscape",
            dependencies: [
                "CellscapeCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CellscapeCoreTests", dependencies: ["CellscapeCore"]),
        .testTarget(name: "CellscapeCommandTests", dependencies: ["cellscape"]),
    ]
)
