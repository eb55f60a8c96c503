// swift-tools-version:6.1
import PackageDescription

/// PageTurn's libFuzzer executables, one per harness: a package of their own so that the
/// root package's `swift build` and `make test` never build or link them (they need
/// libFuzzer's runtime, which `-sanitize=fuzzer` links). Built by `make fuzz` with `-sanitize=fuzzer,address` into
/// `.build-fuzz`; each executable only calls its harness in the root package's
/// `FuzzTargets`, where `make test` replays the saved inputs through the same code.
let harnesses = ["decoder", "typesetter", "gesture-script", "state-file", "page-cache", "advance-table", "font-locations", "gesture-import", "epub",
                 "epub-package", "epub-document", "epub-cache", "picture", "font"]

let package = Package(
    name: "PageTurnFuzz",
    dependencies: [.package(name: "PageTurn", path: "..")],
    targets: [
        .target(name: "FuzzDriver", dependencies: [.product(name: "FuzzTargets", package: "PageTurn")]),
    ] + harnesses.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: ["FuzzDriver", .product(name: "FuzzTargets", package: "PageTurn")])
    },
    swiftLanguageModes: [.v6]
)
