import CSS

/// A book's style sheets, each parsed once however many documents link it, and the cascade of
/// each document: the user-agent sheet, then the sheets its `<link rel="stylesheet">` and
/// `<style>` elements give, in document order (HTML §4.2.4, §4.2.6), with their `@import`s.
final class BookStyles {
    private let container: EPUBContainer
    private let media: MediaContext
    private var sheets: [String: StyleSheet] = [:]
    private var cascades: [[String]: Cascade] = [:]
    /// Sheets that could not be read (missing, too large): a book styled without them.
    private(set) var unreadableSheets: Set<String> = []

    init(container: EPUBContainer, media: MediaContext) {
        self.container = container
        self.media = media
    }

    /// The cascade of the document at `path` whose tree is `tree`.
    func cascade(for tree: XMLTree, path: String) -> Cascade {
        var sources: [(key: String, sheet: () -> StyleSheet)] = []
        let head = tree.root.child("head")
        for element in head?.elements ?? [] {
            if element.isElement("link") {
                let rel = (element.attribute("rel") ?? "").lowercased().split(separator: " ")
                guard rel.contains("stylesheet"), !rel.contains("alternate"),
                      let href = element.attribute("href"), let target = EPUBPath.resolve(href, from: path) else { continue }
                if let type = element.attribute("type"), type.lowercased() != "text/css" { continue }
                sources.append((target.path, { self.sheet(at: target.path) }))
            } else if element.isElement("style") {
                if let type = element.attribute("type"), type.lowercased() != "text/css" { continue }
                if let mediaText = element.attribute("media"), !Self.mediaApplies(mediaText) { continue }
                let text = element.textContentKeepingSpaces
                sources.append(("\(path)#style\(sources.count)\(text.hashValue)", {
                    StyleSheet(text, media: self.media, importing: { self.importedText($0, from: path) })
                }))
            }
        }
        let key = sources.map(\.key)
        if let known = cascades[key] { return known }
        let cascade = Cascade(userAgent: UserAgentStyleSheet.sheet, author: sources.map { $0.sheet() })
        cascades[key] = cascade
        return cascade
    }

    /// The sheet at `path`, parsed once.
    private func sheet(at path: String) -> StyleSheet {
        if let known = sheets[path] { return known }
        let text = self.text(at: path) ?? ""
        let sheet = StyleSheet(text, media: media, importing: { self.importedText($0, from: path) })
        sheets[path] = sheet
        return sheet
    }

    private func importedText(_ url: String, from base: String) -> String? {
        guard let target = EPUBPath.resolve(url, from: base) else { return nil }
        return text(at: target.path)
    }

    /// A sheet's text: UTF-8 (a BOM dropped; bytes that are not UTF-8 repaired), at most 4 MiB.
    private func text(at path: String) -> String? {
        guard let bytes = try? container.data(at: path), bytes.count <= 4 << 20 else {
            unreadableSheets.insert(path)
            return nil
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(decoding: body, as: UTF8.self)
    }

    /// Whether a `media` attribute's list applies (screen, all, or no type said).
    private static func mediaApplies(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.isEmpty || lower.contains("screen") || lower.contains("all") || !lower.contains("print")
    }
}

extension XMLNode {
    /// The characters of a node's text children, as written (a `<style>` element's sheet).
    var textContentKeepingSpaces: String {
        children.compactMap { $0.kind == .text ? $0.text : nil }.joined()
    }
}
