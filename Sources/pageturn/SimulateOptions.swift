import Foundation
import PageTurner

/// A one-line error for `pageturn simulate` (printed as "Error: …", exit status 1).
struct SimulateError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Checks `pageturn simulate`'s options and reads its script.
///
/// Every number is checked against its range before it is used or converted, so no value can
/// crash the command or make it misbehave later: sides 1…100000 px, 1…10,000,000 pages, a
/// start page in the book, 1…1000 frames per second.
enum SimulateOptions {
    static let sides = 1.0...100_000
    static let pageCounts = 1...10_000_000
    static let frameRates = 1.0...1000

    static func settings(width: String?, height: String?, pages: String?, book: String?, start: String?,
                         curl: String?, zones: String?, rtl: Bool, fps: String?) throws -> ReplaySettings {
        guard let width else { throw SimulateError("missing --width W (the page width in logical pixels)") }
        guard let height else { throw SimulateError("missing --height H (the page height in logical pixels)") }
        let w = try number(width, "--width", in: sides, "logical pixels")
        let h = try number(height, "--height", in: sides, "logical pixels")
        let count: Int
        switch (pages, book) {
        case (nil, nil): throw SimulateError("give the book's length with --pages N or --book FILE")
        case (.some, .some): throw SimulateError("give either --pages or --book, not both")
        case (let pages?, nil):
            guard let n = Int(pages), pageCounts.contains(n) else {
                throw SimulateError("--pages must be a whole number from \(pageCounts.lowerBound) to "
                                    + "\(pageCounts.upperBound), not '\(pages)'")
            }
            count = n
        case (nil, let book?):
            guard FileManager.default.fileExists(atPath: book) else { throw SimulateError("no such book: \(book)") }
            do {
                count = try BookPages.count(path: book, width: Int(w.rounded()), height: Int(h.rounded()))
            } catch {
                throw SimulateError("cannot paginate \(book): \(oneLine(error))")
            }
            guard count >= 1 else { throw SimulateError("\(book) has no pages") }
            guard count <= pageCounts.upperBound else {
                throw SimulateError("\(book) has \(count) pages, more than \(pageCounts.upperBound)")
            }
        }
        var startPage = 0
        if let start {
            guard let k = Int(start), k >= 0 else {
                throw SimulateError("--start must be a page number from 0 to \(count - 1), not '\(start)'")
            }
            guard k < count else { throw SimulateError("--start \(k) is past the last page (\(count - 1))") }
            startPage = k
        }
        var model = CurlModel.classic
        if let curl {
            guard let m = CurlModel(rawValue: curl) else {
                throw SimulateError("unknown --curl '\(curl)' (expected classic, cylinder, slide or none)")
            }
            model = m
        }
        var layout = TapZoneLayout.default
        if let zones {
            guard let z = TapZoneLayout.named(zones) else {
                throw SimulateError("unknown --zones '\(zones)' (expected default, seed or koreader)")
            }
            layout = z
        }
        var rate = 60.0
        if let fps { rate = try number(fps, "--fps", in: frameRates, "frames per second") }
        return ReplaySettings(pageSize: Size(width: w, height: h), pageCount: count, startPage: startPage,
                              curl: model, zones: layout, rightToLeft: rtl, fps: rate)
    }

    /// The one SCRIPT argument; anything else left over is an unknown option or a stray word.
    static func scriptPath(_ arguments: [String]) throws -> String {
        if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw SimulateError("unknown option '\(option)' (see pageturn simulate --help)")
        }
        guard let path = arguments.first else {
            throw SimulateError("missing SCRIPT (a gesture script file, or - for standard input)")
        }
        guard arguments.count == 1 else {
            throw SimulateError("one SCRIPT only, got \(arguments.count): \(arguments.joined(separator: " "))")
        }
        return path
    }

    static func readScript(_ path: String) throws -> String {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let text = String(data: data, encoding: .utf8) else {
                throw SimulateError("standard input is not UTF-8 text")
            }
            return text
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SimulateError("no such script: \(path)")
        }
        guard !isDirectory.boolValue else { throw SimulateError("\(path) is a directory, not a script") }
        // Through a file handle, so a pipe (`<(…)`) reads as well as a file.
        guard let handle = FileHandle(forReadingAtPath: path) else { throw SimulateError("cannot read \(path)") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()  // nil: an empty file
        } catch {
            throw SimulateError("cannot read \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw SimulateError("\(path) is not UTF-8 text") }
        return text
    }

    /// `text` as a finite number within `range`, or a one-line error naming the option.
    private static func number(_ text: String, _ option: String, in range: ClosedRange<Double>,
                               _ unit: String) throws -> Double {
        guard let v = Double(text), v.isFinite, range.contains(v) else {
            throw SimulateError("\(option) must be a number from \(format(range.lowerBound)) to "
                                + "\(format(range.upperBound)) (\(unit)), not '\(text)'")
        }
        return v
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    private static func oneLine(_ error: Error) -> String {
        String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
