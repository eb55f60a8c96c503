/// The fuzz harnesses: each drives one piece of the real code with arbitrary bytes and
/// checks invariants cheap enough to run millions of times.
///
/// The same functions run under libFuzzer (the `Fuzz` package, built by `make fuzz`) and in
/// `make test`, which replays the saved regression inputs and seeds through them, so a crash
/// found once stays fixed. A harness returns quietly when the code refuses its input the way
/// it is documented to; it throws a ``FuzzFinding`` only for a broken promise.
public enum FuzzHarness: String, CaseIterable, Sendable {
    /// `TextDecoder.decode`: detection and every decoder, with and without a named encoding.
    case decoder
    /// The line breaker, the typesetter and the paginator on a synthetic `AdvanceTable`.
    case typesetter
    /// `GestureScript.parse`, and the turn machine driven by what it accepts.
    case gestureScript = "gesture-script"
    /// `StateStore.load` of a state file (`StateFile.decode` underneath).
    case stateFile = "state-file"
    /// `PageCache.load` of a page cache file, raw or rebuilt by the real writer.
    case pageCache = "page-cache"
    /// `AdvanceTable(archive:)` of an advance-table cache file, raw or written by the real writer.
    case advanceTable = "advance-table"
    /// `FontLocationCache.parse` of a font-location file, raw or written by the real writer.
    case fontLocations = "font-locations"
    /// `gestures import`'s readers (libinput, getevent, CSV) and the script they make.
    case gestureImport = "gesture-import"
    /// `EPUBBook.open` of a whole EPUB's ZIP.
    case epub
    /// `EPUBBook.open` of a sound book whose package document is the input.
    case epubPackage = "epub-package"
    /// `EPUBBook.open` of a sound book whose spine document is the input (XHTML or HTML).
    case epubDocument = "epub-document"
    /// `EPUBCache`'s reading of a book cache file, raw or written by the real writer.
    case epubCache = "epub-cache"
    /// `PictureHeader.read` of a picture file, and a page laid out around what it claims.
    case picture
    /// `FontFace(bytes:name:)` of a book's own font, and a line shaped with what opens.
    case font

    /// Runs the harness on one input.
    public func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        switch self {
        case .decoder: try DecoderHarness.run(bytes)
        case .typesetter: try TypesetterHarness.run(bytes)
        case .gestureScript: try GestureScriptHarness.run(bytes)
        case .stateFile: try StateFileHarness.run(bytes)
        case .pageCache: try PageCacheHarness.run(bytes)
        case .advanceTable: try AdvanceTableHarness.run(bytes)
        case .fontLocations: try FontLocationHarness.run(bytes)
        case .gestureImport: try GestureImportHarness.run(bytes)
        case .epub: try EPUBHarness.run(bytes, as: .zip)
        case .epubPackage: try EPUBHarness.run(bytes, as: .package)
        case .epubDocument: try EPUBHarness.run(bytes, as: .document)
        case .epubCache: try EPUBHarness.runCache(bytes)
        case .picture: try PictureHarness.run(bytes)
        case .font: try FontHarness.run(bytes)
        }
    }

    /// Small inputs made by hand or by the real writers (a state file `StateStore` saved, a
    /// page cache `PageCache` stored), named; `make fuzz` adds them to the seed corpus.
    public var seeds: [(name: String, bytes: [UInt8])] {
        switch self {
        case .decoder: DecoderHarness.seeds
        case .typesetter: TypesetterHarness.seeds
        case .gestureScript: GestureScriptHarness.seeds
        case .stateFile: StateFileHarness.seeds
        case .pageCache: PageCacheHarness.seeds
        case .advanceTable: AdvanceTableHarness.seeds
        case .fontLocations: FontLocationHarness.seeds
        case .gestureImport: GestureImportHarness.seeds
        case .epub: EPUBHarness.zipSeeds
        case .epubPackage: [("sound", EPUBHarness.package), ("empty spine", Array(String(decoding: EPUBHarness.package, as: UTF8.self)
            .replacingOccurrences(of: "<itemref idref=\"a\"/>", with: "").utf8))]
        case .epubDocument: [("sound", EPUBHarness.document), ("not well-formed", Array("<p>open <b>bold<p>next &amp; &nbsp;".utf8)),
                             ("styled inline boxes", EPUBHarness.styledDocument)]
        case .epubCache: EPUBHarness.cacheSeeds
        case .picture: PictureHarness.seeds
        case .font: FontHarness.seeds
        }
    }

    /// What a libFuzzer entry point calls: runs the harness on `size` bytes at `data` and
    /// traps with the finding's message if there is one.
    public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try run(bytes)
        } catch {
            fatalError("fuzz \(rawValue): \(error)")
        }
        return 0
    }
}
