import CSS
import Pagination
import Synchronization

/// What styles one content document: its cascade, and the typefaces its sheets declare
/// (`@font-face`), by family name in lower case (CSS matches family names without case).
struct DocumentStyles: Sendable {
    let cascade: Cascade
    let typefaces: [String: DocumentStructure.Typeface]
}

/// A book's style sheets, each parsed once however many documents link it, and the cascade of
/// each document: the user-agent sheet, then the sheets its `<link rel="stylesheet">` and
/// `<style>` elements give, in document order (HTML §4.2.4, §4.2.6), with their `@import`s.
/// Two threads may ask at once (`SpineReading`): what it keeps is behind a lock.
final class BookStyles: Sendable {
    private let media: MediaContext
    private struct Kept {
        var sheets: [String: StyleSheet] = [:]
        var cascades: [[String]: DocumentStyles] = [:]
    }
    private let kept = Mutex(Kept())

    init(media: MediaContext) {
        self.media = media
    }

    /// The cascade and typefaces of the document at `path` whose tree is `tree`, its sheets
    /// read from `container`.
    func styles(for tree: XMLTree, path: String, reading container: EPUBContainer) -> DocumentStyles {
        var sources: [(key: String, base: String, sheet: () -> StyleSheet)] = []
        let head = tree.root.child("head")
        for element in head?.elements ?? [] {
            if element.isElement("link") {
                let rel = (element.attribute("rel") ?? "").lowercased().split(separator: " ")
                guard rel.contains("stylesheet"), !rel.contains("alternate"),
                      let href = element.attribute("href"), let target = EPUBPath.resolve(href, from: path) else { continue }
                if let type = element.attribute("type"), type.lowercased() != "text/css" { continue }
                if let mediaText = element.attribute("media"), !media.matches(mediaList: mediaText) { continue }
                sources.append((target.path, target.path, { self.sheet(at: target.path, container) }))
            } else if element.isElement("style") {
                if let type = element.attribute("type"), type.lowercased() != "text/css" { continue }
                if let mediaText = element.attribute("media"), !media.matches(mediaList: mediaText) { continue }
                let text = element.textContentKeepingSpaces
                sources.append(("\(path)#style\(sources.count)\(text.hashValue)", path, {
                    StyleSheet(text, media: self.media, importing: { Self.importedText($0, from: path, container) })
                }))
            }
        }
        let key = sources.map(\.key)
        if let known = kept.withLock({ $0.cascades[key] }) { return known }
        let sheets = sources.map { $0.sheet() }
        let styles = DocumentStyles(cascade: Cascade(userAgent: UserAgentStyleSheet.sheet, author: sheets),
                                    typefaces: Self.typefaces(zip(sheets, sources.map(\.base))))
        kept.withLock { $0.cascades[key] = styles }
        return styles
    }

    /// The typefaces the `@font-face` rules of `sheets` (each with the path its URLs are
    /// relative to) declare: a family's faces in the rules' order, each with the sources that
    /// resolve inside the book (`Typeface.faceLimit` faces, `sourceLimit` sources at most).
    static func typefaces<Sheets: Sequence<(StyleSheet, String)>>(_ sheets: Sheets) -> [String: DocumentStructure.Typeface] {
        var found: [String: DocumentStructure.Typeface] = [:]
        for (sheet, base) in sheets {
            for rule in sheet.fontFaces {
                let paths = rule.sources.compactMap { EPUBPath.resolve($0, from: base)?.path }
                    .prefix(DocumentStructure.Typeface.sourceLimit)
                guard !paths.isEmpty else { continue }
                let face = DocumentStructure.Typeface.Face(sources: Array(paths), italic: rule.italic, bold: rule.bold)
                let name = rule.family.lowercased()
                var typeface = found[name] ?? DocumentStructure.Typeface(family: rule.family, faces: [])
                guard typeface.faces.count < DocumentStructure.Typeface.faceLimit else { continue }
                typeface.faces.append(face)
                found[name] = typeface
            }
        }
        return found
    }

    /// The sheet at `path`, parsed once (a second thread asking meanwhile parses it too, and
    /// the first kept wins: the same sheet either way).
    private func sheet(at path: String, _ container: EPUBContainer) -> StyleSheet {
        if let known = kept.withLock({ $0.sheets[path] }) { return known }
        let text = Self.text(at: path, container) ?? ""
        let sheet = StyleSheet(text, media: media, importing: { Self.importedText($0, from: path, container) })
        return kept.withLock { kept in
            if let first = kept.sheets[path] { return first }
            kept.sheets[path] = sheet
            return sheet
        }
    }

    private static func importedText(_ url: String, from base: String, _ container: EPUBContainer) -> String? {
        guard let target = EPUBPath.resolve(url, from: base) else { return nil }
        return text(at: target.path, container)
    }

    /// A sheet's text: UTF-8 (a BOM dropped; bytes that are not UTF-8 repaired), at most 4 MiB;
    /// nil when the book lacks it (the book is styled without it).
    private static func text(at path: String, _ container: EPUBContainer) -> String? {
        guard let bytes = try? container.data(at: path), bytes.count <= 4 << 20 else { return nil }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(decoding: body, as: UTF8.self)
    }
}

extension XMLNode {
    /// The characters of a node's text children, as written (a `<style>` element's sheet).
    var textContentKeepingSpaces: String {
        children.compactMap { $0.kind == .text ? $0.text : nil }.joined()
    }
}
