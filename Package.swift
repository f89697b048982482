// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Cellscape",
    // The worker pool's atomics come from the Synchronization module (macOS 15 on Apple systems).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CellscapeCore", targets: ["CellscapeCore"]),
        .executable(name: "cellscape", targets: ["cellscape"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev", "libxext-dev"])]),
        .target(
            name: "CellscapeCore",
            dependencies: ["CFreeType", "CPNG", .product(name: "OpenCombine", package: "OpenCombine")]),
        .target(name: "CellscapeX11", dependencies: ["CellscapeCore", "CX11"]),
        .executableTarget(
            name: "cellscape",
            dependencies: [
                "CellscapeCore",
                "CellscapeX11",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        .testTarget(name: "CellscapeCoreTests", dependencies: ["CellscapeCore"]),
        .testTarget(name: "CellscapeCommandTests", dependencies: ["cellscape"]),
        .testTarget(name: "CellscapeX11Tests", dependencies: ["CX11", "CellscapeCore", "cellscape"]),
    ]
)
