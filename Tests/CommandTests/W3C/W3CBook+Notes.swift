import Foundation

/// Notes as the reader shows them: a tap on a note's reference, in a reader window the size
/// of the laid-out pages.
extension W3CBook {
    /// The note the reader shows after a tap on `words` where the first page showing them
    /// has them (`read --headless`: the pages turned to it, then a tap in the middle of the
    /// words, on their line); nil when it shows none. With `page` (from 1), only that page is
    /// looked at. Throws when the words are not shown.
    func noteShown(tapping words: String, onPage wanted: Int? = nil) throws -> String? {
        for (index, page) in pages.enumerated() where wanted.map({ $0 == index + 1 }) ?? true {
            for line in page["lines"] as? [[String: Any]] ?? [] {
                guard let text = line["text"] as? String, let start = line["start"] as? Int,
                      let found = text.range(of: words) else { continue }
                // The scalar offset of the words' middle, and the glyph that shows it.
                let middle = start + text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: found.lowerBound.samePosition(in: text.unicodeScalars)!)
                    + words.unicodeScalars.count / 2
                let glyphs = (line["runs"] as? [[String: Any]] ?? []).flatMap { $0["glyphs"] as? [[String: Any]] ?? [] }
                guard let glyph = glyphs.first(where: { $0["cluster"] as? Int == middle }), let x = glyph["x"] as? Double,
                      let baseline = line["baseline"] as? Double else { continue }
                let width = page["width"] as? Double ?? 900, height = page["height"] as? Double ?? 1200
                let turns = (0..<index).map { "key next @\(100 + $0 * 400)\n" }.joined()
                let t = 100 + index * 400 + 600
                let script = turns + "down \(Int(x + 3)) \(Int(baseline - 6)) @\(t)\nup \(Int(x + 3)) \(Int(baseline - 6)) @\(t + 60)\ntick @\(t + 400)\n"
                let states = try Pageturn.temporaryFolder()
                defer { try? FileManager.default.removeItem(at: states) }
                let read = try Pageturn.run(["read", path, "--headless", "--script", "-", "--state-dir", states.path,
                                             "--width", String(Int(width)), "--height", String(Int(height))],
                                            stdin: script, environment: ["XDG_CACHE_HOME": cache])
                guard read.status == 0 else {
                    throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "read: \(read.stderr)"])
                }
                let summary = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any]
                return (summary?["note"] as? [String: Any])?["text"] as? String
            }
        }
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "\"\(words)\" is not shown"])
    }
}
