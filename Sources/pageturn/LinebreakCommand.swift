import ArgumentParser
import Dispatch
import FoundationEssentials
import Pagination

/// `pageturn linebreak`: shows where lines may break, runs the UAX #14 conformance file, or
/// times the breaker on a text file.
struct LinebreakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linebreak",
        abstract: "Shows where UAX #14 (Unicode 17.0) and CJK kinsoku allow line breaks.",
        discussion: """
            Prints TEXT with a mark after every scalar where something may happen:
              ÷  a line may break here (a break opportunity)
              ↵  a line must break here (after a hard line break, and at the end)
            No mark means no break. Control characters show as control pictures.

            Kinsoku modes (CSS Text 3 line-break): uax14 is the untailored
            algorithm; strict keeps small kana and ー off line starts; normal lets
            them start a line, and in Chinese or Japanese text breaks before 〜 ゠;
            loose also allows breaks before ‐ – after an ideograph, and in Chinese
            or Japanese before iteration marks, centred punctuation (・：；！？…)
            and wide suffixes (℃ ％), between ‥ …, and after wide prefixes (￥ ＄).
            The language is --lang, or detected from TEXT (mostly Han with kana: ja;
            mostly Han: zh; mostly Hangul: ko). Thai, Lao, Khmer and Burmese break
            between words found by ICU's dictionaries.

            --conformance FILE runs a LineBreakTest.txt file in uax14 mode and
            prints `passed N of M`, then up to 10 failing lines (with numbers).

            Examples:
              pageturn linebreak "The quick (brown) fox."
              pageturn linebreak --kinsoku strict "ちょっと待って。"
              pageturn linebreak --kinsoku normal --lang ja "1〜2"
              pageturn linebreak --conformance LineBreakTest-17.0.0.txt
            """)

    @Argument(help: "The text to break.")
    var text: String?

    @Option(help: "Kinsoku tailoring: uax14, strict, normal or loose.")
    var kinsoku: Kinsoku = .uax14

    @OptionGroup var lang: LanguageOptions

    @Flag(help: "Also list every scalar with its Line_Break class, East Asian width and action.")
    var classes = false

    @Option(help: ArgumentHelp("Run this UAX #14 conformance file (LineBreakTest.txt) instead.",
                               valueName: "file"))
    var conformance: String?

    @Option(help: ArgumentHelp("Time the breaker on this text file, split into paragraphs at LF "
                               + "(use a release build).", valueName: "file"))
    var speed: String?

    func validate() throws {
        let modes = [text != nil, conformance != nil, speed != nil].filter { $0 }.count
        if modes != 1 { throw ValidationError("give exactly one of TEXT, --conformance FILE, --speed FILE") }
    }

    func run() throws {
        if let conformance {
            try runConformance(path: conformance)
        } else if let speed {
            try runSpeed(path: speed)
        } else if let text {
            let language = try lang.language(for: BookText(text))
            let actions = LineBreaker(kinsoku: kinsoku, language: language).breakActions(text)
            print(Self.marked(text, actions))
            if classes {
                for (scalar, action) in zip(text.unicodeScalars, actions) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                    let cls = lineBreakClass(of: scalar.value)
                    let width = isEastAsianWide(scalar.value) ? "wide" : "    "
                    print("U+\(code)  \(Self.visible(scalar))  \(cls)\t\(width)  \(action)")
                }
            }
        }
    }

    /// The text with `÷` after break opportunities and `↵` after mandatory breaks.
    static func marked(_ text: String, _ actions: [BreakAction]) -> String {
        var out = String.UnicodeScalarView()
        for (scalar, action) in zip(text.unicodeScalars, actions) {
            out.append(visible(scalar))
            switch action {
            case .none: break
            case .allowed: out.append("÷")
            case .mandatory: out.append("↵")
            }
        }
        return String(out)
    }

    /// Control characters as their control pictures, so the output stays on one line.
    static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: return Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: return "\u{2421}"
        case 0x85: return "\u{2424}"
        case 0x2028, 0x2029: return "\u{23CE}"
        default: return scalar
        }
    }

    /// The text of the file at `path`, decoded as a book is (one-line errors for a missing
    /// file, a folder, a file that is not text; a stream read no further than a book).
    private func read(_ path: String) throws -> String {
        String(decoding: try BookLoading.load(path: path, encoding: nil).utf8, as: UTF8.self)
    }

    /// Runs the test lines; exits non-zero, on one line, when one fails or there are none.
    private func runConformance(path: String) throws {
        let cases = LineBreakConformance.parse(try read(path))
        guard !cases.isEmpty else {
            throw UserError("\(path) has no test lines (LineBreakTest.txt's: code points in hexadecimal with × or ÷ between them)")
        }
        let result = LineBreakConformance.run(cases, breaker: LineBreaker(kinsoku: .uax14))
        print("passed \(result.passed) of \(result.total)")
        for failure in result.failures.prefix(10) {
            print("line \(failure.testCase.lineNumber):")
            print("  expected \(failure.expectedLine)")
            print("  actual   \(failure.actualLine)")
        }
        if result.failures.count > 10 { print("… and \(result.failures.count - 10) more") }
        if !result.failures.isEmpty { throw UserError("\(result.failures.count) of \(result.total) test lines failed") }
    }

    private func runSpeed(path: String) throws {
        // Paragraphs end at LF (scalar-wise: "\r\n" is one Character); CRs are dropped.
        let whole = try read(path)
        let language = try lang.language(for: BookText(whole))
        let paragraphs = whole.unicodeScalars.map(\.value)
            .split(separator: 0x0A).map { $0.filter { $0 != 0x0D } }
        let total = paragraphs.reduce(0) { $0 + $1.count }
        let longest = paragraphs.map(\.count).max() ?? 0
        var actions = [UInt8](repeating: 0, count: max(longest, 1))
        let breaker = LineBreaker(kinsoku: kinsoku, language: language)
        var best = Double.infinity
        var checksum = 0
        for _ in 0..<7 {
            let start = DispatchTime.now().uptimeNanoseconds
            actions.withUnsafeMutableBufferPointer { out in
                for p in paragraphs {
                    p.withUnsafeBufferPointer { breaker.findBreaks(in: $0, into: out) }
                    checksum &+= Int(out[0])
                }
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let rate = Double(total) / best / 1e6
        print("\(path): \(total) scalars in \(paragraphs.count) paragraphs, kinsoku \(kinsoku.rawValue), "
              + "language \(language?.tag ?? "none")")
        print(cFormat("best of 7: %.2f ms, %.1f M scalars/s (checksum %ld)", best * 1e3, rate, checksum))
    }
}
