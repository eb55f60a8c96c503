import FoundationEssentials

/// The on-disk form of a `BookState`: one small JSON object, the state's fields plus
/// `"format": 1`. A file of another format, or one that does not parse, is refused with a
/// one-line reason (saying when the format is newer than this version's: such a file is not
/// damaged); nothing here throws anything else or traps.
enum StateFile {
    /// The only format this version writes and reads. A new field with a default (such as
    /// `settings.progression`) keeps the format: files without it read with the default, and
    /// older versions ignore it. Only a change that older readers would misread needs a new one.
    static let format = 1

    /// Files larger than this are not state files (a state is a few hundred bytes, plus
    /// about a hundred per bookmark and two hundred per highlight: `BookState.maximumHighlights`
    /// of them fit), so they are refused without being read whole.
    static let maximumSize = 48 << 20

    /// A reason a file was refused.
    struct Refusal: Error, Equatable {
        let problem: String
        /// The file names a format newer than `format`: written by a newer version, not
        /// damaged, so it must be left alone rather than moved aside or overwritten.
        var isNewerFormat = false
    }

    private struct Envelope: Encodable {
        let state: BookState
        enum Key: String, CodingKey { case format }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(StateFile.format, forKey: .format)
            try state.encode(to: encoder)
        }
    }

    private struct FormatProbe: Decodable {
        let format: Int?
    }

    /// One line, keys sorted so equal states give equal bytes; dates (`created`) are
    /// seconds since 2001-01-01 00:00 UTC, which round-trip exactly.
    static func encode(_ state: BookState) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Envelope(state: state))
    }

    static func decode(_ data: Data) throws(Refusal) -> BookState {
        if data.isEmpty { throw Refusal(problem: "the file is empty") }
        let decoder = JSONDecoder()
        let probe: FormatProbe
        do {
            probe = try decoder.decode(FormatProbe.self, from: data)
        } catch {
            throw Refusal(problem: describe(error, in: data))
        }
        guard let format = probe.format else { throw Refusal(problem: "the file has no format number") }
        if format > Self.format {
            let problem = "the file is in format \(format), written by a newer PageTurn (this version reads format \(Self.format))"
            throw Refusal(problem: problem, isNewerFormat: true)
        }
        guard format == Self.format else {
            throw Refusal(problem: "the file is in format \(format), this version reads format \(Self.format)")
        }
        let state: BookState
        do {
            state = try decoder.decode(BookState.self, from: data)
        } catch {
            throw Refusal(problem: describe(error, in: data))
        }
        if let problem = state.problem { throw Refusal(problem: problem) }
        return state
    }

    /// A decoding error in one line: where in the file, and what was wrong.
    static func describe(_ error: any Error, in data: Data) -> String {
        guard let error = error as? DecodingError else { return "the file cannot be read (\(oneLine(error)))" }
        switch error {
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return "the file is not a JSON object" }
            return "\(path(context.codingPath)) is not \(article(type))"
        case .valueNotFound(let type, let context):
            if context.codingPath.isEmpty { return "the file is not a JSON object" }
            return "\(path(context.codingPath)) is null, expected \(article(type))"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // The decoder says this also of valid JSON holding a number its field cannot
                // take (12.5 or 1e30 for a position); a second look tells the two apart.
                if (try? JSONDecoder().decode(JSONValue.self, from: data)) != nil {
                    return "a number in the file does not fit its field (a fraction or too large)"
                }
                return "the file is not valid JSON (truncated or damaged)"
            }
            return "\(path(context.codingPath)) is damaged: \(oneLine(context.debugDescription))"
        @unknown default:
            return "the file cannot be read (\(oneLine(error)))"
        }
    }

    /// `bookmarks[2].offset` for a coding path.
    private static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
        }
        return out.isEmpty ? "the file" : out
    }

    private static func article(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is Float.Type, is Double.Type: "a number"
        case is String.Type: "a string"
        case is Date.Type: "a date"
        default:
            String(describing: type).hasPrefix("Array") ? "a list"
                : String(describing: type).hasPrefix("Dictionary") ? "an object" : "a \(type)"
        }
    }

    private static func oneLine(_ value: Any) -> String {
        String(describing: value).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

