/// A small builder of SVG 1.1 documents: rectangles, lines, polylines, circles and text, in a
/// coordinate system with y down, as a browser opens them. Numbers are written with at most
/// two decimals, text is escaped.
public struct SVGDocument: Sendable {
    public let width: Double
    public let height: Double
    private var body: [String] = []

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The document as text.
    public var text: String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"DejaVu Sans, sans-serif\">\n"
            + "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"white\"/>\n"
            + body.joined(separator: "\n") + "\n</svg>\n"
    }

    public mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String,
                              stroke: String? = nil, strokeWidth: Double = 1) {
        let s = stroke.map { " stroke=\"\($0)\" stroke-width=\"\(n(strokeWidth))\"" } ?? ""
        body.append("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(width, 0)))\" height=\"\(n(max(height, 0)))\" fill=\"\(fill)\"\(s)/>")
    }

    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1,
                              dashed: Bool = false) {
        let dash = dashed ? " stroke-dasharray=\"6 4\"" : ""
        body.append("<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(dash)/>")
    }

    public mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double = 2) {
        guard points.count >= 2 else { return }
        let list = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
        body.append("<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" stroke-linejoin=\"round\"/>")
    }

    /// A filled polygon through `points`.
    public mutating func polygon(_ points: [(x: Double, y: Double)], fill: String) {
        guard !points.isEmpty else { return }
        body.append("<polygon points=\"\(points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " "))\" fill=\"\(fill)\"/>")
    }

    public mutating func circle(x: Double, y: Double, radius: Double, fill: String) {
        body.append("<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\" fill=\"\(fill)\"/>")
    }

    /// Text with its anchor ("start", "middle" or "end") at (x, y), the baseline at y.
    public mutating func text(_ string: String, x: Double, y: Double, size: Double = 12, anchor: String = "start",
                              fill: String = "#222", bold: Bool = false) {
        let weight = bold ? " font-weight=\"bold\"" : ""
        body.append("<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" text-anchor=\"\(anchor)\" fill=\"\(fill)\"\(weight)>\(Self.escaped(string))</text>")
    }

    /// `s` with XML's special characters escaped (and control characters dropped).
    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: if c.value >= 0x20 || c == "\t" { out.unicodeScalars.append(c) }
            }
        }
        return out
    }

    /// A number with at most two decimals ("12", "3.5", "-0.25"); not-finite numbers as 0.
    private func n(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let hundredths = Int((v * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let a = abs(hundredths)
        let whole = a / 100, frac = a % 100
        if frac == 0 { return "\(sign)\(whole)" }
        return frac % 10 == 0 ? "\(sign)\(whole).\(frac / 10)" : "\(sign)\(whole).\(frac < 10 ? "0" : "")\(frac)"
    }
}
