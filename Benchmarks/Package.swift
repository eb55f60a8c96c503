// swift-tools-version:6.1
import PackageDescription

/// PageTurn's benchmark (`make bench`), a package of its own beside the product, as
/// swift-collections keeps its `Benchmarks/`: the shipped `pageturn` carries no benchmark
/// code. `pageturn-bench` measures the libraries in its own process (pagination, shaping, the
/// glyph atlas, the turn machine, the reader's frames) and the release `pageturn` executable
/// as a whole process (start-up, `paginate` against Pango, launch to the reader's first frame).
let package = Package(
    name: "PageTurnBenchmarks",
    dependencies: [
        .package(name: "PageTurn", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "pageturn-bench",
            dependencies: [
                .product(name: "TextDecoding", package: "PageTurn"),
                .product(name: "Pagination", package: "PageTurn"),
                .product(name: "EPUB", package: "PageTurn"),
                .product(name: "PageTurner", package: "PageTurn"),
                .product(name: "GestureScripts", package: "PageTurn"),
                .product(name: "Fonts", package: "PageTurn"),
                .product(name: "ReaderState", package: "PageTurn"),
                .product(name: "Reader", package: "PageTurn"),
                .product(name: "Rendering", package: "PageTurn"),
                .product(name: "GestureLab", package: "PageTurn"),
                .product(name: "FileWriting", package: "PageTurn"),
                .product(name: "WorkerThreads", package: "PageTurn"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
