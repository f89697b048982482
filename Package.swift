// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Cellscape",
    // The worker pool's atomics come from the Synchronization module (macOS 15 on Apple systems).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CellscapeLayout", targets: ["CellscapeLayout"]),
        .library(name: "CellscapeRender", targets: ["CellscapeRender"]),
        .library(name: "CellscapePictures", targets: ["CellscapePictures"]),
        .library(name: "CellscapeViewer", targets: ["CellscapeViewer"]),
        .library(name: "CellscapeFeeds", targets: ["CellscapeFeeds"]),
        // Pictures made for tests and the fuzzers' seeds, never part of an app.
        .library(name: "CellscapeFixtures", targets: ["CellscapeFixtures"]),
        .executable(name: "cellscape", targets: ["cellscape"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev", "libxext-dev"])]),
        // The index of what was learnt of each picture (one file, transactions, safe against a crash).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libjpeg-turbo, libpng, giflib, libwebp and lcms2 (libpng and libjpeg behind their own
        // setjmp: a longjmp never crosses a Swift frame).
        .target(
            name: "CPictureCodecs",
            linkerSettings: [
                .linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("gif"), .linkedLibrary("webp"),
                .linkedLibrary("webpdemux"), .linkedLibrary("lcms2"), .linkedLibrary("dl"),
            ]),
        // The system's digests (nettle): MD5 names the shared thumbnail cache's files, SHA-256 the cache
        // of downloads'.
        .target(name: "CDigests", linkerSettings: [.linkedLibrary("nettle")]),
        // FFmpeg's libraries (Debian 12: 5.1, Debian 13: 7.1) for videos, opened when the first video is
        // (ffmpeg_library.h), never linked: their headers from the multiarch include folder.
        .target(name: "CVideoCodecs", linkerSettings: [.linkedLibrary("dl")]),
        // Encoders of test and bench pictures (JPEG, GIF): the product writes neither.
        .target(name: "CPictureEncoders", linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("gif")]),
        // What an app embeds: geometry, the layouts, the simulation, statistics. No dependencies.
        .target(name: "CellscapeLayout"),
        // Pixels: the framebuffer, the rasterizer, text and PNG files.
        .target(name: "CellscapeRender", dependencies: ["CellscapeLayout", "CFreeType", "CPNG"]),
        // Pictures from file to pixels: listing, headers, decoders, downscaling, the pixel pool, the
        // memory and disk caches, the loader.
        .target(
            name: "CellscapePictures",
            dependencies: [
                "CellscapeLayout", "CellscapeRender", "CPictureCodecs", "CVideoCodecs", "CDigests", "CSQLite",
            ]),
        // What the feeds say and how they are asked: addresses, Mastodon's and GIPHY's models, paging,
        // the cache of downloads' policy. No transport: the bytes come from whoever asks.
        .target(name: "CellscapeFeeds", dependencies: ["CDigests"]),
        // libcurl (Debian's libcurl4-openssl-dev: the system's TLS, HTTP/2 through nghttp2), through
        // typed wrappers of its variadic calls; opened when the first feed is, never linked.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // Remote feeds over the network: the transport (libcurl), its redirects and caps, the feeds as
        // sources of pictures.
        .target(
            name: "CellscapeRemote",
            dependencies: [
                "CellscapeLayout", "CellscapeRender", "CellscapePictures", "CellscapeViewer", "CellscapeFeeds", "CCurl",
            ]),
        // The viewer's model: scenes, input, the event bus, sessions. No X11.
        .target(name: "CellscapeViewer", dependencies: ["CellscapeLayout", "CellscapeRender", "CellscapePictures"]),
        .target(
            name: "CellscapeX11",
            dependencies: ["CellscapeLayout", "CellscapeViewer", "CellscapeRender", "CX11"]),
        // Test pictures and folders of them, for the tests, the benches and the fuzzers' seeds.
        .target(
            name: "CellscapeFixtures",
            dependencies: ["CellscapeLayout", "CellscapeRender", "CellscapePictures", "CPictureEncoders"]),
        // What `cellscape bench` measures: the product's code driven as the viewer drives it.
        .target(
            name: "CellscapeBenchmarks",
            dependencies: [
                "CellscapeLayout", "CellscapeRender", "CellscapePictures", "CellscapeViewer", "CellscapeX11", "CX11",
                "CellscapeFixtures",
            ]),
        .executableTarget(
            name: "cellscape",
            dependencies: [
                "CellscapeLayout", "CellscapeRender", "CellscapePictures", "CellscapeViewer", "CellscapeX11",
                "CellscapeBenchmarks", "CellscapeFixtures", "CellscapeRemote", "CellscapeFeeds",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CellscapeLayoutTests", dependencies: ["CellscapeLayout"]),
        .testTarget(name: "CellscapeRenderTests", dependencies: ["CellscapeLayout", "CellscapeRender"]),
        // Fixtures: pictures of each case with reference pixels, made by scripts/make-picture-fixtures.
        .testTarget(
            name: "CellscapePicturesTests",
            dependencies: [
                "CellscapeLayout", "CellscapeRender", "CellscapePictures", "CPictureCodecs", "CPictureEncoders",
                "CellscapeFixtures",
            ],
            exclude: ["Fixtures"]),
        // Feeds' pages as their documentation gives them (Fixtures), paging, the cache's policy.
        .testTarget(name: "CellscapeFeedsTests", dependencies: ["CellscapeFeeds"], exclude: ["Fixtures"]),
        // A loopback server speaking the feeds' APIs, with faults on demand; over TLS through
        // scripts/tls-proxy, with a certificate authority made by openssl for the run.
        .testTarget(
            name: "CellscapeRemoteTests",
            dependencies: [
                "CellscapeLayout", "CellscapeRender", "CellscapePictures", "CellscapeViewer", "CellscapeRemote",
                "CellscapeFeeds",
            ]),
        .testTarget(
            name: "CellscapeViewerTests",
            dependencies: [
                "CellscapeLayout", "CellscapeRender", "CellscapeViewer", "CellscapePictures", "CellscapeFixtures",
            ]),
        .testTarget(
            name: "CellscapeCommandTests",
            dependencies: [
                "cellscape", "CellscapeLayout", "CellscapeRender", "CellscapePictures", "CellscapeViewer",
                "CellscapeFixtures",
            ]),
        .testTarget(
            name: "CellscapeX11Tests",
            dependencies: [
                "CX11", "CellscapeLayout", "CellscapeRender", "CellscapePictures", "CellscapeViewer", "CellscapeX11",
                "cellscape",
            ]),
    ]
)

// Every Swift target names each module whose members it uses (SE-0444): an import is never borrowed
// from another file or a dependency's dependency.
for target in package.targets where target.type != .system && !target.name.hasPrefix("CPicture") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

// The README's two commands share one build: the modules are always built testable, so
// `swift test -c release --disable-testable-imports` compiles the tests alone beside what
// `swift run -c release` built. Not in a checkout, where Cellscape is another package's dependency:
// a dependency may not carry an unsafe flag.
if !Context.packageDirectory.contains("/checkouts/") {
    for target in package.targets where target.type != .system && target.type != .test {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-enable-testing"])]
    }
}
