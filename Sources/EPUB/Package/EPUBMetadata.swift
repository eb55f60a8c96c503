/// What an EPUB says of itself (its package's `metadata`, EPUB 3.3 §5.5).
public struct EPUBMetadata: Sendable, Equatable {
    /// The first `dc:title` (the main one, when a `title-type` says so), spaces collapsed.
    public var title: String?
    /// The `dc:creator`s in the order the package lists them.
    public var creators: [String]
    /// The first `dc:language` (a BCP 47 tag).
    public var language: String?
    /// Every `dc:identifier`; the package's unique one first.
    public var identifiers: [String]
    /// The spine's `page-progression-direction` (`ltr`, `rtl`), if given.
    public var pageProgression: String?
    /// The package's `dir` (the metadata's base direction), if given.
    public var direction: String?
    /// The manifest path of the cover image (`properties="cover-image"`, or EPUB 2's
    /// `<meta name="cover">`), if any.
    public var coverPath: String?
    /// The base direction of the title and of the first creator, "ltr" or "rtl": the element's
    /// own `dir`, else the package's (EPUB 3.3 §5.4.1.3); nil for `auto` or none, where the
    /// text's first strong character decides (UAX #9 P2–P3).
    public var titleDirection: String?
    public var creatorDirection: String?

    init(title: String?, creators: [String], language: String?, identifiers: [String], pageProgression: String?,
         direction: String?, coverPath: String?) {
        self.title = title
        self.creators = creators
        self.language = language
        self.identifiers = identifiers
        self.pageProgression = pageProgression
        self.direction = direction
        self.coverPath = coverPath
    }

    /// `element`'s base direction: its `dir` (`auto`: none), else — no `dir`, or one of no
    /// known value — `inherited`'s (`ltr`, `rtl`; anything else none).
    static func direction(of element: XMLNode?, inherited: String?) -> String? {
        switch element?.attribute("dir") {
        case "rtl": return "rtl"
        case "ltr": return "ltr"
        case "auto": return nil
        default: return inherited == "rtl" || inherited == "ltr" ? inherited : nil
        }
    }

    init(package: XMLNode, spine: XMLNode?, manifest: [String: PackageDocument.ManifestItem]) {
        let metadata = package.child("metadata")
        let elements = metadata?.elements ?? []
        func dc(_ name: String) -> [XMLNode] {
            elements.filter { $0.name == name && $0.namespace == XMLNamespace.dc }
        }
        // EPUB 3's refinements: `<meta refines="#id" property="title-type">main</meta>`.
        let mainTitleIDs = Set(elements.filter { $0.isElement("meta") && $0.attribute("property") == "title-type"
            && $0.textContent == "main" }.compactMap { $0.attribute("refines").map { String($0.drop { $0 == "#" }) } })
        let titles = dc("title")
        let main = titles.first { $0.attribute("id").map(mainTitleIDs.contains) ?? false } ?? titles.first
        title = main.map(\.textContent).flatMap { $0.isEmpty ? nil : $0 }
        creators = dc("creator").map(\.textContent).filter { !$0.isEmpty }
        titleDirection = Self.direction(of: main, inherited: package.attribute("dir"))
        creatorDirection = Self.direction(of: dc("creator").first { !$0.textContent.isEmpty }, inherited: package.attribute("dir"))
        language = dc("language").first.map(\.textContent).flatMap { $0.isEmpty ? nil : $0 }
        let uniqueID = package.attribute("unique-identifier")
        let identifierElements = dc("identifier")
        let unique = identifierElements.first { uniqueID != nil && $0.attribute("id") == uniqueID }
        identifiers = ([unique].compactMap { $0 } + identifierElements.filter { $0.attribute("id") != uniqueID || uniqueID == nil })
            .map(\.textContent).filter { !$0.isEmpty }
        pageProgression = spine?.attribute("page-progression-direction")
        direction = package.attribute("dir")
        let coverItem = manifest.values.first { $0.properties.contains("cover-image") }
            ?? elements.first { $0.isElement("meta") && $0.attribute("name") == "cover" }
                .flatMap { $0.attribute("content") }.flatMap { manifest[$0] }
        coverPath = coverItem?.path
    }
}
