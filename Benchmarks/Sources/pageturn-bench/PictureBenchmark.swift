import Foundation

/// `--only epub`, pictures: Children's Literature (its cover a 500 × 714 PNG) opened to its
/// first page by the whole `pageturn render` process (the book read, laid out, its first page
/// composed with the cover decoded and scaled, written as a PNG), against the same book with
/// its pictures taken out (the `img` elements, the files, the `cover-image` property), both
/// unzipped into folders so that neither comes from the book cache. Target (issue 41): within
/// 1.5× of the book without pictures.
enum PictureBenchmark {
    static func run(pageturn me: String, books: String, scratch: URL) -> [String] {
        var lines = ["EPUB pictures (Children's Literature, its cover decoded) against the same book without them:"]
        let epub = books + "/childrens-literature.epub"
        guard FileManager.default.fileExists(atPath: epub) else { return lines + ["  not measured: no \(epub)"] }
        let with = scratch.appendingPathComponent("with-pictures"), without = scratch.appendingPathComponent("without-pictures")
        do {
            for folder in [with, without] { try unzip(epub, into: folder) }
            try removePictures(from: without)
        } catch {
            return lines + ["  not measured: \(error)"]
        }
        let out = scratch.appendingPathComponent("page.png").path
        let ours = ProcessBenchmark.median(me, ["render", with.path, "--page", "1", "--out", out], runs: EPUBBenchmark.runs)
        let plain = ProcessBenchmark.median(me, ["render", without.path, "--page", "1", "--out", out], runs: EPUBBenchmark.runs)
        let ratio = ours / plain
        lines.append(String(format: "  first page (render --page 1): with pictures %.1f ms, without %.1f ms: %.2f× (target ≤ 1.5×) ",
                            ours, plain, ratio) + FrameBenchmark.verdict(ratio <= 1.5))
        return lines + PictureFrameBenchmark.run(withPictures: with, without: without)
    }

    /// Extracts the ZIP at `path` into `folder` (Python's zipfile: the benchmark writes, the
    /// reader never does).
    static func unzip(_ path: String, into folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", path, folder.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
    }

    /// Takes every picture out of the unzipped book at `folder`: `img` elements, the picture
    /// files and the package's `cover-image` property.
    static func removePictures(from folder: URL) throws {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files {
            switch file.pathExtension.lowercased() {
            case "png", "jpg", "jpeg", "gif", "webp", "svg":
                try FileManager.default.removeItem(at: file)
            case "xhtml", "html", "opf":
                let text = try String(contentsOf: file, encoding: .utf8)
                let stripped = text.replacingOccurrences(of: "<img[^>]*>", with: "", options: .regularExpression)
                    .replacingOccurrences(of: "properties=\"cover-image\"", with: "")
                try Data(stripped.utf8).write(to: file)
            default:
                break
            }
        }
    }
}
