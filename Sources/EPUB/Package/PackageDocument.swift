/// An EPUB's package document (the `.opf` file `META-INF/container.xml` names): its
/// metadata, manifest and spine (EPUB 3.3 §5, and EPUB 2's OPF, which has the same shape).
struct PackageDocument {
    /// The package document's own path inside the book: manifest hrefs are relative to it.
    let path: String
    let metadata: EPUBMetadata
    /// The manifest's items by id.
    let manifest: [String: ManifestItem]
    /// The spine in reading order.
    let spine: [SpineItem]
    /// The EPUB 3 navigation document (`properties="nav"`), if any.
    let navigationPath: String?
    /// The EPUB 2 NCX (the spine's `toc`, or the manifest's NCX), if any.
    let ncxPath: String?

    /// One file of the book, as the manifest lists it.
    struct ManifestItem {
        let id: String
        /// The path inside the book (resolved against the package document).
        let path: String
        let mediaType: String
        let properties: Set<String>
        /// The id of the item to show instead where this one's type cannot be (`fallback`).
        var fallback: String? = nil
    }

    /// One document of the spine.
    struct SpineItem {
        let item: ManifestItem
        /// `linear="no"`: reached by links only (notes, answers), not in the reading order.
        let linear: Bool
    }

    /// The path of the first rootfile `META-INF/container.xml` names.
    static func rootfilePath(in container: EPUBContainer) throws(EPUBError) -> String {
        let tree = try XMLTree(bytes: try container.data(at: "META-INF/container.xml"), htmlFallback: false)
        let rootfiles = tree.root.child("rootfiles")?.elements.filter { $0.isElement("rootfile") } ?? []
        // The first rootfile in the EPUB's own media type (OCF §3.5.2.1).
        let chosen = rootfiles.first { $0.attribute("media-type") == "application/oebps-package+xml" } ?? rootfiles.first
        guard let fullPath = chosen?.attribute("full-path"), EPUBPath.isSafeEntryName(fullPath) else {
            throw .malformed("META-INF/container.xml names no package document")
        }
        return EPUBPath.percentDecoded(fullPath)
    }

    /// Reads the package document at `path`.
    init(path: String, container: EPUBContainer) throws(EPUBError) {
        self.path = path
        let tree: XMLTree
        do {
            tree = try XMLTree(bytes: try container.data(at: path), htmlFallback: false)
        } catch .malformed(let why) {
            throw .malformed("\(path): \(why)")
        }
        let package = tree.root
        guard package.isElement("package") else { throw .malformed("\(path) is no package document") }

        var manifest: [String: ManifestItem] = [:]
        var navigation: String?, ncx: String?
        for element in package.child("manifest")?.elements ?? [] where element.isElement("item") {
            guard let id = element.attribute("id"), let href = element.attribute("href"),
                  let resolved = EPUBPath.resolve(href, from: path) else { continue }
            let properties = Set((element.attribute("properties") ?? "").split(separator: " ").map(String.init))
            let item = ManifestItem(id: id, path: resolved.path, mediaType: element.attribute("media-type") ?? "",
                                    properties: properties, fallback: element.attribute("fallback"))
            if manifest[id] == nil { manifest[id] = item }
            if properties.contains("nav") && navigation == nil { navigation = item.path }
            if item.mediaType == "application/x-dtbncx+xml" && ncx == nil { ncx = item.path }
        }
        let spineElement = package.child("spine")
        if let toc = spineElement?.attribute("toc"), let item = manifest[toc] { ncx = item.path }
        var spine: [SpineItem] = []
        for itemref in spineElement?.elements ?? [] where itemref.isElement("itemref") {
            guard let idref = itemref.attribute("idref"), let listed = manifest[idref] else { continue }
            // A foreign document (JSON, some other XML) is shown by its fallback chain's first
            // content document (EPUB 3.3 §3.3: manifest fallbacks).
            let item = Self.firstItem(from: listed, in: manifest, where: Self.contentDocumentTypes.contains) ?? listed
            spine.append(SpineItem(item: item, linear: itemref.attribute("linear") != "no"))
        }
        guard !spine.isEmpty else { throw .malformed("\(path) has an empty spine") }
        self.manifest = manifest
        self.spine = spine
        self.navigationPath = navigation
        self.ncxPath = ncx
        self.metadata = EPUBMetadata(package: package, spine: spineElement, manifest: manifest)
    }

    /// The media types of content documents a spine item shows itself (EPUB 3.3 §3.2).
    static let contentDocumentTypes: Set<String> = ["application/xhtml+xml", "image/svg+xml"]
    /// The media types of pictures this reader draws, core media types of EPUB 3.3 §3.2.
    static let pictureTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"]

    /// The first item of `item`'s fallback chain (itself first) whose media type `accepts`;
    /// a chain that loops or runs past 16 items ends with none.
    static func firstItem(from item: ManifestItem, in manifest: [String: ManifestItem],
                          where accepts: (String) -> Bool) -> ManifestItem? {
        var current: ManifestItem? = item
        for _ in 0..<16 {
            guard let candidate = current else { return nil }
            if accepts(candidate.mediaType) { return candidate }
            current = candidate.fallback.flatMap { manifest[$0] }
        }
        return nil
    }

    /// For each listed file that is no picture this reader draws (`image/psd`) but falls back
    /// to one, the path of that one.
    var pictureFallbacks: [String: String] {
        var found: [String: String] = [:]
        for item in manifest.values where item.mediaType.hasPrefix("image/") && !Self.pictureTypes.contains(item.mediaType) {
            if let shown = Self.firstItem(from: item, in: manifest, where: Self.pictureTypes.contains) { found[item.path] = shown.path }
        }
        return found
    }
}
