import Foundation
import TestSupport

/// One of the W3C's EPUB tests as the reader shows it: what `paginate --json` says of it
/// (metadata, spine, contents), every page as `layout --json` gives it (its text, runs,
/// pictures), how the commands ended, and, when a check asks, a page's pixels.
struct W3CBook {
    let id: String
    let path: String
    /// `paginate --json`, or nil when the book was refused (then `refusal` says why).
    let book: [String: Any]?
    let pages: [[String: Any]]
    let refusal: String?
    /// What the commands said on standard error (warnings), line by line.
    let warnings: [String]
    /// The book cache the commands used.
    let cache: String

    static let folder = SharedData.root + "/epub/w3c-epub-tests"

    /// Opens test `id` (`ID.epub`), the book cache kept in `cache`, its pages laid out
    /// `width` px wide (the commands' default when nil).
    init(_ id: String, cache: String, width: Int? = nil) throws {
        self.id = id
        self.cache = cache
        path = Self.folder + "/\(id).epub"
        let environment = ["XDG_CACHE_HOME": cache]
        let paginated = try Pageturn.run(["paginate", path, "--json", "-"], environment: environment)
        guard paginated.status == 0 else {
            book = nil
            pages = []
            refusal = paginated.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            warnings = []
            return
        }
        refusal = nil
        book = try JSONSerialization.jsonObject(with: Data(paginated.stdout.utf8)) as? [String: Any]
        let size = width.map { ["--width", String($0)] } ?? []
        let laidOut = try Pageturn.run(["layout", path, "--pages", "all", "--json", "-"] + size, environment: environment)
        warnings = (paginated.stderr + laidOut.stderr).split(separator: "\n").map(String.init)
        pages = laidOut.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    var metadata: [String: Any] { book?["metadata"] as? [String: Any] ?? [:] }
    var title: String? { metadata["title"] as? String }
    var creators: [String] { metadata["creators"] as? [String] ?? [] }
    var contents: [[String: Any]] { book?["contents"] as? [[String: Any]] ?? [] }
    var contentTitles: [String] { contents.compactMap { $0["title"] as? String } }
    var spine: [[String: Any]] { book?["spine"] as? [[String: Any]] ?? [] }

    /// The lines of every page, in order.
    var lines: [[String: Any]] { pages.flatMap { ($0["lines"] as? [[String: Any]]) ?? [] } }
    /// The book's text as its pages show it (generated text left out), spaces collapsed.
    var text: String {
        lines.compactMap { $0["text"] as? String }.joined().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    /// Whether `phrase` is shown on some page (spaces collapsed).
    func shows(_ phrase: String) -> Bool { text.contains(phrase.split(whereSeparator: \.isWhitespace).joined(separator: " ")) }

    /// Every run of every page.
    var runs: [[String: Any]] { lines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] } }
    /// The runs that show `phrase` (or part of it).
    func runs(showing phrase: String) -> [[String: Any]] {
        // A run may hold the phrase, a part of it, or (a line broken inside the phrase) its first
        // or last three words beside other text.
        let words = phrase.split(whereSeparator: \.isWhitespace)
        let head = words.prefix(3).joined(separator: " "), tail = words.suffix(3).joined(separator: " ")
        return runs.filter { run in
            let text = (run["text"] as? String ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
                .trimmingCharacters(in: .punctuationCharacters)
            return !text.isEmpty && (phrase.contains(text) || text.contains(head) || text.contains(tail))
        }
    }

    /// The pictures of every page, with the page's number (from 1).
    var images: [(page: Int, image: [String: Any])] {
        pages.flatMap { page in ((page["images"] as? [[String: Any]]) ?? []).map { (page["page"] as? Int ?? 0, $0) } }
    }

    /// Whether page `page` (from 1) drawn by `render` shows a picture at `image`'s rectangle:
    /// some of its pixels inside are not the paper's (a placeholder is a frame and nothing in it).
    func drawsPicture(_ image: [String: Any], page: Int, cache: String) throws -> Bool {
        try ink(of: image, page: page, cache: cache).map { $0.fraction >= 0.02 } ?? false
    }

    /// The share of the ink inside `image`'s rectangle within 40 of `colour` on each channel, or
    /// nil when nothing is drawn there.
    func share(of image: [String: Any], page: Int, cache: String, near colour: (Int, Int, Int)) throws -> Double? {
        guard let pixels = try inkPixels(of: image, page: page, cache: cache), !pixels.isEmpty else { return nil }
        let near = pixels.filter { abs($0.0 - colour.0) <= 40 && abs($0.1 - colour.1) <= 40 && abs($0.2 - colour.2) <= 40 }
        return Double(near.count) / Double(pixels.count)
    }

    /// The ink inside `image`'s rectangle on page `page` drawn by `render`: the share of its
    /// pixels (sampled every other one, a few pixels in from its edges) that are not paper, and
    /// their average colour.
    func ink(of image: [String: Any], page: Int, cache: String) throws -> (fraction: Double, r: Int, g: Int, b: Int)? {
        guard let (inside, pixels) = try sampled(image, page: page, cache: cache), inside > 0 else { return nil }
        let n = max(pixels.count, 1)
        let sums = pixels.reduce((0, 0, 0)) { ($0.0 + $1.0, $0.1 + $1.1, $0.2 + $1.2) }
        return (Double(pixels.count) / Double(inside), sums.0 / n, sums.1 / n, sums.2 / n)
    }

    /// The colours of the inked pixels inside `image`'s rectangle (see `ink(of:)`).
    func inkPixels(of image: [String: Any], page: Int, cache: String) throws -> [(Int, Int, Int)]? {
        try sampled(image, page: page, cache: cache)?.pixels
    }

    /// Page `page` rendered, and inside `image`'s rectangle — every other pixel, a few in from
    /// its edges, where a placeholder's frame is not — how many were looked at and the colours
    /// of those that are not paper.
    private func sampled(_ image: [String: Any], page: Int, cache: String) throws -> (inside: Int, pixels: [(Int, Int, Int)])? {
        let out = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let png = out.appendingPathComponent("page.png").path
        let rendered = try Pageturn.run(["render", path, "--page", String(page), "--out", png], environment: ["XDG_CACHE_HOME": cache])
        guard rendered.status == 0, let picture = try? PNGImage(contentsOf: png),
              let x = image["x"] as? Double, let y = image["y"] as? Double, let w = image["width"] as? Double,
              let h = image["height"] as? Double, w >= 8, h >= 8 else { return nil }
        let paper = picture.pixels[picture.width + 1]
        var inside = 0
        var pixels: [(Int, Int, Int)] = []
        for py in stride(from: Int(y) + 3, to: Int(y + h) - 3, by: 2) {
            for px in stride(from: Int(x) + 3, to: Int(x + w) - 3, by: 2) where px < picture.width && py < picture.height {
                inside += 1
                let pixel = picture.pixels[py * picture.width + px]
                if pixel != paper { pixels.append((Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF))) }
            }
        }
        return (inside, pixels)
    }
}
