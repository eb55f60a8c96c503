import Fonts
import Foundation
import Pagination
import TextDecoding

/// The child side of `pageturn-bench --single`: measures one book in a fresh process and prints `BookFigures`
/// as JSON. Timed work starts from the file's bytes already in memory.
struct BookBenchmark {
    let path: String
    let layout: BenchLayout
    let linesOut: String?

    func run() throws {
        let bytes = try BenchBook.bytes(path: path)
        let bookSettings = try layout.validatedSettings()
        let plainSettings = LayoutSettings(pageWidth: bookSettings.pageWidth, pageHeight: bookSettings.pageHeight,
                                       margin: bookSettings.margin, fontSize: bookSettings.fontSize,
                                       lineHeight: bookSettings.lineHeight, preset: .plain, kinsoku: bookSettings.kinsoku)

        // The faces the reader would choose for this text (fallbacks by coverage), and
        // HarfBuzz loaded with them, untimed.
        let fontText = BookText(decoded: try BenchBook.decode(bytes, path: path))
        var clock = Lap()
        let faces = try BenchBook.faces(layout.faces, for: fontText)
        let fonts = BookFonts(set: faces.set, fallback: faces.fallback, pixelSize: bookSettings.fontSize)
        BenchBook.openShaping(faces.set)
        let fontTableMs = clock.next()

        // Cold start of the core: bytes → decoded text → the page at the middle offset. The
        // decoder gets bytes of its own, as the reader's file reading gives it.
        let coldBytes = try BenchBook.bytes(path: path)
        _ = clock.next()
        // As the reader does (`EarlyBookLoad`): what the language the bytes show needs starts
        // loading while they are decoded, and again for the language of the text if it differs.
        let guessed = coldBytes.withUnsafeBufferPointer { bytes -> ContentLanguage?? in
            guard TextDecoder.looksLikeUTF8(bytes) else { return nil }
            return .some(ContentLanguage.detect(inUTF8: bytes))
        }
        if let guessed { BenchBook.startLanguageLibraries(for: guessed) }
        let decoded = try BenchBook.decode(coldBytes, path: path)
        let coldText = BookText(decoded: decoded)
        var coldSettings = bookSettings
        coldSettings.language = ContentLanguage.detect(in: coldText)
        if guessed != .some(coldSettings.language) { BenchBook.startLanguageLibraries(for: coldSettings.language) }
        let middle = Paginator(text: coldText, settings: coldSettings, advances: fonts.advances, shaper: fonts.shaper)
            .page(at: coldText.scalarCount / 2)
        let middlePageMs = clock.next()
        precondition(coldText.scalarCount == 0 || !middle.range.isEmpty)

        // Full pagination from bytes: decode, index, detect the language (once per book, as
        // the reader and `paginate` do), lay out, split pages, find chapters.
        // The first pass shapes every distinct word; the next four find them in the process's
        // shaped-word cache (`ShapeCaches`), as a relayout in the reader does.
        func fullPass(_ layoutSettings: LayoutSettings) -> (PageMap, Double, first: Double) {
            var best = Double.infinity, first = Double.infinity
            var map: PageMap?
            for _ in 0..<5 {
                var watch = Lap()
                guard let decoded = try? BenchBook.decode(bytes, path: path) else { continue }
                let text = BookText(decoded: decoded)
                var settings = layoutSettings
                settings.language = ContentLanguage.detect(in: text)
                map = Paginator(text: text, settings: settings, advances: fonts.advances, shaper: fonts.shaper).paginate()
                _ = ChapterDetector.detect(in: text)
                let ms = watch.next()
                if first == .infinity { first = ms }
                best = min(best, ms)
            }
            return (map!, best, first)
        }
        var decodeMs = Double.infinity
        for _ in 0..<5 {
            var watch = Lap()
            _ = try BenchBook.decode(bytes, path: path)
            decodeMs = min(decodeMs, watch.next())
        }
        let (plain, plainMs, firstPlainMs) = fullPass(plainSettings)
        let (book, bookMs, _) = fullPass(bookSettings)
        if let linesOut {
            let starts = "[" + plain.lines.map { String($0.start) }.joined(separator: ",") + "]"
            try Data(starts.utf8).write(to: URL(fileURLWithPath: linesOut))
        }
        // How evenly each way of breaking sets the book's justified lines.
        var fits: [FitFigures] = []
        if coldSettings.language?.isChineseOrJapanese != true {
            for breaking in LineBreaking.allCases.reversed() {
                var settings = bookSettings
                settings.language = coldSettings.language
                settings.lineBreaking = breaking
                let paginator = Paginator(text: coldText, settings: settings, advances: fonts.advances, shaper: fonts.shaper)
                var watch = Lap()
                let map = paginator.paginate()
                let ms = watch.next()
                fits.append(FitFigures(breaking, paginator.fit(of: map), pages: map.pageCount, ms: ms))
            }
        }
        var figures = BookFigures(
            chars: coldText.scalarCount, encoding: decoded.encoding, pangoFont: PangoPeer.font(of: fonts.set.faces),
            pagesPlain: plain.pageCount, linesPlain: plain.lines.count, pagesBook: book.pageCount,
            bestMsPlain: plainMs, firstMsPlain: firstPlainMs, bestMsBook: bookMs, middlePageMs: middlePageMs, fontTableMs: fontTableMs, decodeMs: decodeMs,
            peakMB: PeakMemory.megabytes())
        figures.fits = fits
        let json = try JSONEncoder().encode(figures)
        print(String(decoding: json, as: UTF8.self))
    }
}

/// The process's peak resident memory (VmHWM), from /proc/self/status.
enum PeakMemory {
    static func megabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kb / 1024
        }
        return 0
    }
}
