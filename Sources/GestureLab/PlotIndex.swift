/// `DIR/index.html` of a `--plot DIR`: every run's folder, newest first, under its caption, with
/// each of its pictures shown and named. Every run writes its pictures into a folder of its own
/// (`report-…`, `sweep-…`, `policies`, `replay-…`, then `-2`, `-3`, …) with a one-line
/// `caption.txt` saying what it did; the index is made again from them after each run, so it
/// lists the runs before it too.
public enum PlotIndex {
    /// One run's folder: its name, its caption and its pictures' file names.
    public struct Run: Sendable, Equatable {
        public var folder: String
        public var caption: String
        public var pictures: [String]

        public init(folder: String, caption: String, pictures: [String]) {
            self.folder = folder
            self.caption = caption
            self.pictures = pictures
        }
    }

    /// The name of the caption file in a run's folder.
    public static let captionFile = "caption.txt"

    /// The page: a heading per run (its caption, and its folder), its pictures below, each in a
    /// figure captioned with its file name. Everything is escaped; links are relative.
    public static func html(_ runs: [Run], title: String = "PageTurn gesture lab") -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escaped(title))</title>
            <style>
            body { font-family: sans-serif; margin: 24px; color: #222; }
            section { margin-bottom: 40px; }
            h2 { font-size: 18px; margin-bottom: 4px; }
            p.folder { color: #666; margin-top: 0; font-size: 13px; }
            figure { display: inline-block; margin: 8px 16px 8px 0; vertical-align: top; }
            figure img { max-width: 760px; border: 1px solid #ddd; }
            figcaption { font-size: 12px; color: #555; }
            </style></head><body>
            <h1>\(escaped(title))</h1>

            """
        if runs.isEmpty { out += "<p>No pictures yet.</p>\n" }
        for run in runs {
            out += "<section>\n<h2>\(escaped(run.caption))</h2>\n<p class=\"folder\">\(escaped(run.folder))/</p>\n"
            for picture in run.pictures {
                let link = percentEncoded(run.folder) + "/" + percentEncoded(picture)
                out += "<figure><a href=\"\(link)\"><img src=\"\(link)\" alt=\"\(escaped(picture))\"></a>"
                    + "<figcaption>\(escaped(picture))</figcaption></figure>\n"
            }
            out += "</section>\n"
        }
        return out + "</body></html>\n"
    }

    /// HTML's special characters escaped, as XML's are (`SVGDocument.escaped`).
    static func escaped(_ s: String) -> String { SVGDocument.escaped(s) }

    /// A path segment for a URL: unreserved bytes kept, the rest %XX.
    static func percentEncoded(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "-._~".contains(c) { out.append(c) } else {
                out += "%" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
