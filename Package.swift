// swift-tools-version:6.1
import PackageDescription

/// PageTurn: a pagination core, a page-turn gesture machine and a reader window.
///
/// Arrows point down only (`PackageArrowsTests` holds this list to the targets below, and
/// every import in Sources/ to them):
///   pageturn (the command) → Rendering, Reader, GestureLab, GestureScripts, EPUB, Fonts, Pagination, PageTurner,
///     ReaderState, Library, TextDecoding, FileWriting, WorkerThreads, ArgumentParser
///   Rendering (SDL, pixels: the window, the event loop, the drawing) → CSDL2 (headers), SDLLoader (dlopen), CZlib,
///     Reader, Library, Fonts, Pagination, PageTurner, PictureFiles, FileWriting (frames are user-named outputs), WorkerThreads
///   Reader (the session and the shelf: layouts, input, panels, persistence, scripts; no SDL, no clock)
///     → Fonts, Pagination, PageTurner, GestureScripts, ReaderState, Library, TextDecoding, WorkerThreads, FileWriting
///   Library (the user's books: folders walked, books described, the catalog, the shelf's listing)
///     → EPUB, Pagination, ReaderState, TextDecoding, FileWriting
///   GestureLab (recordings, synthetic gestures, reports, sweeps, plots) → GestureScripts, PageTurner, FileWriting
///     (names escaped as errors are), RealModule, and Dispatch (a sweep's combinations on all cores)
///   GestureScripts (the gesture script format, the replay driver, `simulate`'s replay) → PageTurner, FileWriting
///     (its JSON lines written as all the program's JSON is)
///   EPUB (container, package, navigation, XHTML into the document model) → Pagination, CSS, PictureFiles, FileWriting,
///     WorkerThreads, CZip and CXML (libzip and libxml2, opened with dlopen)
///   PictureFiles (a picture file's format and size from its header; pure) → nothing but the standard library
///   CSS (syntax, selectors, cascade, computed values; pure) → nothing but the standard library
///   Fonts → Pagination (for `AdvanceTable` and the `GlyphShaper` it implements), FileWriting (its caches on disk),
///     CFreeType, CFontconfig and CHarfBuzz (the last two opened with dlopen)
///   Pagination → TextDecoding, FileWriting, WorkerThreads, CICU (ICU's dictionary breaks for Thai, Lao, Khmer, Burmese;
///     its bidi algorithm)
///   TextDecoding → CUchardet, FileWriting, and Glibc's iconv
///   PageTurner → RealModule (swift-numerics' elementary functions), nothing else
///   ReaderState → FileWriting
///   FuzzTargets (the fuzz harnesses' bodies, run by the libFuzzer executables in Fuzz/ and by the tests)
///     → TextDecoding, Pagination, EPUB, PictureFiles, CZlib, PageTurner, GestureScripts, GestureLab, ReaderState, Fonts,
///     FileWriting
///   WorkerThreads (threads that start at once on another core) → CWorkerThreads
///   FileWriting (files written so a reader sees the old content or the new; user-named outputs written like `cp`)
///     → CTemporaryFiles (removes temporary files on SIGINT, SIGTERM, SIGHUP), SystemPackage (swift-system's paths and
///     descriptors), and Foundation
///   SDLLoader, CZip, CXML, CTemporaryFiles, CWorkerThreads (C, beside the system libraries) → nothing
let package = Package(
    name: "PageTurn",
    products: [
        .executable(name: "pageturn", targets: ["pageturn"]),
        .library(name: "TextDecoding", targets: ["TextDecoding"]),
        .library(name: "Pagination", targets: ["Pagination"]),
        .library(name: "EPUB", targets: ["EPUB"]),
        .library(name: "PageTurner", targets: ["PageTurner"]),
        .library(name: "GestureScripts", targets: ["GestureScripts"]),
        // For the benchmark, a separate package in Benchmarks/ (`make bench`), which measures
        // these modules in its own process and the `pageturn` executable as a whole.
        .library(name: "Fonts", targets: ["Fonts"]),
        .library(name: "ReaderState", targets: ["ReaderState"]),
        .library(name: "Library", targets: ["Library"]),
        .library(name: "Reader", targets: ["Reader"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "GestureLab", targets: ["GestureLab"]),
        .library(name: "FileWriting", targets: ["FileWriting"]),
        .library(name: "WorkerThreads", targets: ["WorkerThreads"]),
        // For the libFuzzer executables of the separate package in Fuzz/ (`make fuzz`).
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        // fontconfig's headers only, the library opened with dlopen when a font is first looked for.
        .systemLibrary(
            name: "CFontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        // SDL's headers only (<SDL2/SDL.h>, no pkg-config and so no -lSDL2): SDLLoader loads the
        // library when a command first draws.
        .systemLibrary(
            name: "CSDL2",
            providers: [.apt(["libsdl2-dev"])]),
        .target(name: "SDLLoader"),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // ICU's and uchardet's headers only (in /usr/include, no pkg-config and so no -l): the
        // libraries are opened with dlopen when first used (see their shim.h).
        .systemLibrary(
            name: "CICU",
            providers: [.apt(["libicu-dev"])]),
        .systemLibrary(
            name: "CUchardet",
            providers: [.apt(["libuchardet-dev"])]),
        // libhyphen, opened with dlopen: the tests' truth for the hyphenation points Pagination
        // finds from the same dictionaries (see HyphenationPatterns for why not the product's).
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev"])]),
        // HarfBuzz's headers only, the library opened with dlopen when text is first shaped.
        .systemLibrary(
            name: "CHarfBuzz",
            providers: [.apt(["libharfbuzz-dev"])]),

        .target(name: "TextDecoding", dependencies: ["CUchardet", "FileWriting"]),
        // libzip and libxml2, each opened with dlopen when a book first needs it (see their
        // headers); libxml2's own headers are read by the C file alone, so no importer needs
        // their include path.
        .target(name: "CZip"),
        .target(name: "CXML", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        // EPUB books: the container, the package, the navigation and the XHTML, written into
        // Pagination's document model.
        // CSS: the style sheets' syntax, selectors, cascade and computed values (pure Swift).
        .target(name: "CSS"),
        // A picture file's format and size, read from its header (pure Swift).
        .target(name: "PictureFiles"),
        .target(name: "EPUB", dependencies: ["Pagination", "CSS", "PictureFiles", "FileWriting", "WorkerThreads", "CZip", "CXML"]),
        // Removes the temporary files being written when SIGINT, SIGTERM or SIGHUP ends the
        // process (a signal handler in C: see its header).
        .target(name: "CTemporaryFiles"),
        .target(name: "FileWriting", dependencies: ["CTemporaryFiles", .product(name: "SystemPackage", package: "swift-system")]),
        // Threads started on another core than their caller's (a C shim: see its header).
        .target(name: "CWorkerThreads"),
        .target(name: "WorkerThreads", dependencies: ["CWorkerThreads"]),
        .target(
            name: "Pagination", dependencies: ["TextDecoding", "FileWriting", "WorkerThreads", "CICU"],
            exclude: ["LineBreaking/LICENSE-Unicode-3.0.txt"]),
        .target(name: "PageTurner", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "GestureScripts", dependencies: ["PageTurner", "FileWriting"]),
        .target(name: "GestureLab", dependencies: ["GestureScripts", "PageTurner", "FileWriting",
                                                   .product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "Fonts", dependencies: ["Pagination", "FileWriting", "CFreeType", "CFontconfig", "CHarfBuzz"]),
        .target(name: "ReaderState", dependencies: ["FileWriting"]),
        .target(name: "Library", dependencies: ["EPUB", "Pagination", "ReaderState", "TextDecoding", "FileWriting"]),
        .target(
            name: "Reader",
            dependencies: ["Fonts", "Pagination", "PageTurner", "GestureScripts", "ReaderState", "Library", "TextDecoding",
                           "WorkerThreads", "FileWriting"]),
        .target(
            name: "Rendering",
            dependencies: ["CSDL2", "SDLLoader", "CZlib", "Reader", "Library", "Fonts", "Pagination", "PageTurner", "PictureFiles",
                           "FileWriting", "WorkerThreads"]),
        .executableTarget(
            name: "pageturn",
            dependencies: [
                "TextDecoding", "FileWriting", "Pagination", "EPUB", "Fonts", "PageTurner", "GestureScripts", "GestureLab", "Reader",
                "Rendering", "ReaderState", "Library", "WorkerThreads",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The Swift runtime and Foundation linked in (release builds): 14 shared libraries
            // (ICU's data among them) fewer to map and relocate at every start. Debug builds and
            // the tests link them dynamically, as XCTest needs.
            // (Compiled with the flag too, so that it imports the static modules, which name every
            // archive they need, ICU's among them.)
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]),
        .target(name: "FuzzTargets", dependencies: ["TextDecoding", "Pagination", "EPUB", "PictureFiles", "CZlib", "PageTurner", "GestureScripts",
                                                    "GestureLab", "ReaderState", "Fonts", "FileWriting"]),

        .target(name: "TestSupport", dependencies: ["CZlib"], path: "Tests/TestSupport"),
        .testTarget(
            name: "TextDecodingTests",
            dependencies: ["TextDecoding", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "PaginationTests",
            dependencies: ["Pagination", "TextDecoding", "TestSupport", "CHyphen", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "CSSTests", dependencies: ["CSS", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "EPUBTests",
            dependencies: ["EPUB", "Pagination", "PictureFiles", "FuzzTargets"]),
        .testTarget(
            name: "FontsTests",
            dependencies: ["Fonts", "Pagination", "TextDecoding", "TestSupport", "FuzzTargets"]),
        .testTarget(
            name: "GestureLabTests",
            dependencies: ["GestureLab", "GestureScripts", "PageTurner", "FileWriting", "TestSupport"]),
        .testTarget(
            name: "PageTurnerTests",
            dependencies: ["PageTurner", "GestureScripts", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "GestureScriptsTests", dependencies: ["GestureScripts", "PageTurner", "FileWriting"]),
        .target(
            name: "ReaderTestSupport", dependencies: ["Reader", "Fonts", "Pagination", "PageTurner", "ReaderState"],
            path: "Tests/ReaderTestSupport"),
        .testTarget(
            name: "ReaderTests",
            dependencies: ["Reader", "ReaderTestSupport", "GestureLab", "GestureScripts", "Pagination", "PageTurner", "Fonts",
                           "ReaderState", "TestSupport", "TextDecoding", "FileWriting"]),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "Reader", "ReaderTestSupport", "Pagination", "PageTurner", "Fonts", "ReaderState",
                           .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "FileWritingTests", dependencies: ["FileWriting", "CTemporaryFiles"]),
        .testTarget(name: "WorkerThreadsTests", dependencies: ["WorkerThreads", "CWorkerThreads"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "Pagination"]),
        .testTarget(
            name: "ReaderStateTests",
            dependencies: ["ReaderState", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "LibraryTests", dependencies: ["Library", "ReaderState", "TestSupport"]),
        .testTarget(
            name: "CommandTests",
            dependencies: ["pageturn", "TestSupport", "EPUB"]),
    ],
    swiftLanguageModes: [.v6]
)
