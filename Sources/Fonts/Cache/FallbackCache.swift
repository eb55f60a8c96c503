import FileWriting
import FoundationEssentials

/// Each character's fallback face, kept per language in a file beside `FontLocationCache`'s,
/// so that opening a Persian or Bengali book does not load fontconfig's configuration and
/// sort every installed face (5–7 ms) when an earlier book already asked for its characters.
///
/// What is kept is the answer `FallbackChoice(missing:firstCovering:)` is made from: for each
/// character asked about, the first face in the fallback order for the language
/// (`FontLocator.fallbackFaces`) that covers it (or none). That answer does not depend on the other characters of a book, so characters
/// learnt from different books combine, and the choice made from the file is the choice
/// `FontLocator.fallbackFaces` would make. The file is trusted only in the fontconfig state it was written in
/// (`FontLocationCache.fontconfigState`) and while every face it names is the same regular
/// file; otherwise, or when it is damaged or larger than `largestFile`, it is ignored and
/// written again.
///
/// The file, `fallbacks-LANGUAGE.txt`:
///
///     pageturn fallbacks 3
///     state 5f0c…
///     face 3	0	1234:1690000000.0	Noto Naskh Arabic	/usr/share/fonts/…/NotoNaskhArabic-Regular.ttf
///     char 627 3
///     char 1f600 -
///
/// (a face line: its rank, index in the file, stamp, family and path; a character line: the
/// scalar in hexadecimal and the rank of its face, or `-` for none.)
public struct FallbackCache: Sendable {
    public let directory: URL
    static let header = "pageturn fallbacks 4"
    /// A file above this size is not read (a crafted one must not cost memory).
    static let largestFile = 4 << 20
    /// Characters kept per language before the file starts afresh.
    static let characterLimit = 50_000

    public init(directory: URL = FontCacheFolder.standard) {
        self.directory = directory
    }

    /// What is known for one language: the faces by rank, and each character's face rank
    /// (nil: no face has it).
    struct Known: Equatable {
        var faces: [Int: FontLocation] = [:]
        var characters: [UInt32: Int?] = [:]
    }

    /// The fallback choice for `missing` in `language` (at most `limit` faces): from the file
    /// for the characters it knows a face for, from `ask` (fontconfig's first covering faces,
    /// nil when fontconfig cannot start) for the others, which are then written down (best
    /// effort). Nil when some character is unknown and `ask` gives nothing.
    ///
    /// A character no face had is asked about again each time (a font installed since, in a
    /// folder whose stamp did not change, may have it; such characters are rare). Without a
    /// language nothing is kept: fontconfig then ranks faces by the locale's language, which
    /// the file's state does not record.
    public func choice(for missing: [UInt32], language: String?, limit: Int = 8,
                       ask: ([UInt32]) -> [RankedFace?]?) -> FallbackChoice? {
        guard let file = self.file(for: language) else {
            guard let answers = ask(missing), answers.count == missing.count else { return nil }
            return FallbackChoice(missing: missing, firstCovering: answers, limit: limit)
        }
        let state = FontLocationCache.fontconfigState()
        var known = Self.read(file).flatMap { Self.parse($0, state: state) } ?? Known()
        var unknown = missing.filter { known.characters[$0] ?? nil == nil }
        if !unknown.isEmpty {
            if known.characters.count + unknown.count > Self.characterLimit {
                known = Known()
                unknown = missing
            }
            guard let answers = ask(unknown), answers.count == unknown.count else { return nil }
            for (c, face) in zip(unknown, answers) {
                known.characters[c] = .some(face?.rank)
                if let face { known.faces[face.rank] = face.location }
            }
            if let text = Self.render(known, state: state) {
                _ = PrivateFolder.make(directory.path)
                try? AtomicFile.write(Data(text.utf8), to: file)
            }
        }
        let firstCovering = missing.map { c -> RankedFace? in
            guard case .some(.some(let rank)) = known.characters[c], let location = known.faces[rank] else { return nil }
            return RankedFace(rank: rank, location: location)
        }
        return FallbackChoice(missing: missing, firstCovering: firstCovering, limit: limit)
    }

    /// The file for `language`, or nil when there is none to keep: no language, or a tag that
    /// is not letters, digits and hyphens of reasonable length.
    func file(for language: String?) -> URL? {
        guard let language, (1...64).contains(language.utf8.count),
              language.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") })
        else { return nil }
        return directory.appendingPathComponent("fallbacks-\(language).txt")
    }

    /// The file's text, unless it is missing, not a regular file (a link, a FIFO, a device:
    /// opened without following or blocking, then checked) or too large.
    static func read(_ file: URL) -> String? {
        CacheFile.read(file.path, limit: largestFile).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file's text for `known` in `state`; nil when a path cannot be written on a line.
    static func render(_ known: Known, state: String) -> String? {
        var lines = [header, "state \(state)"]
        for (rank, location) in known.faces.sorted(by: { $0.key < $1.key }) {
            guard !(location.path + location.family).contains(where: { $0 == "\n" || $0 == "\t" || $0 == "\r" }) else { return nil }
            lines.append("face \(rank)\t\(location.faceIndex)\t\(FontLocationCache.stamp(location.path))\t\(location.family)\t\(location.path)")
        }
        for (c, rank) in known.characters.sorted(by: { $0.key < $1.key }) {
            lines.append("char \(String(c, radix: 16)) \(rank.map(String.init) ?? "-")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `text` knows, or nil unless it was written in `state`, every line is well formed,
    /// every face is the regular file it was and every character's face is listed.
    static func parse(_ text: String, state: String) -> Known? {
        let lines = text.split(separator: "\n")
        guard lines.count >= 2, lines[0] == header, lines[1] == "state \(state)" else { return nil }
        var known = Known()
        for line in lines.dropFirst(2) {
            if line.hasPrefix("face ") {
                let fields = line.dropFirst(5).split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
                guard fields.count == 5, let rank = Int(fields[0]), rank >= 0, let index = Int(fields[1]), index >= 0,
                      known.faces[rank] == nil, case let path = String(fields[4]), path.hasPrefix("/"),
                      CacheFile.isRegularFile(path), FontLocationCache.stamp(path) == fields[2]
                else { return nil }
                known.faces[rank] = FontLocation(path: path, faceIndex: index, family: String(fields[3]))
            } else if line.hasPrefix("char ") {
                let fields = line.dropFirst(5).split(separator: " ")
                guard fields.count == 2, let c = UInt32(fields[0], radix: 16), Unicode.Scalar(c) != nil,
                      known.characters[c] == nil
                else { return nil }
                if fields[1] == "-" {
                    known.characters[c] = .some(nil)
                } else {
                    guard let rank = Int(fields[1]), known.faces[rank] != nil else { return nil }
                    known.characters[c] = .some(rank)
                }
            } else {
                return nil
            }
        }
        return known
    }

}
