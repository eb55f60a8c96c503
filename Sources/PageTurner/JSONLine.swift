/// A tiny writer for one-line JSON objects (the simulator's output), so the module needs no
/// Foundation. Numbers are rounded to 3 decimals and integers print without a fraction.
struct JSONLine {
    private(set) var text = "{"
    private var empty = true

    private mutating func key(_ k: String) {
        if !empty { text += ", " }
        empty = false
        text += JSONString.quoted(k) + ": "
    }

    mutating func add(_ k: String, _ value: Double) { key(k); text += Self.number(value) }
    mutating func add(_ k: String, _ value: Int) { key(k); text += String(value) }
    mutating func add(_ k: String, _ value: Bool) { key(k); text += value ? "true" : "false" }
    mutating func add(_ k: String, _ value: String) { key(k); text += JSONString.quoted(value) }
    mutating func add(_ k: String, _ values: [Double]) {
        key(k)
        text += "[" + values.map(Self.number).joined(separator: ", ") + "]"
    }
    mutating func add(_ k: String, _ rect: Rect) { add(k, [rect.x, rect.y, rect.width, rect.height]) }
    mutating func add(_ k: String, object: JSONLine) { key(k); text += object.line }
    mutating func addNull(_ k: String) { key(k); text += "null" }

    var line: String { text + "}" }

    /// A number to a thousandth (`NumberText`): positions and times of a frame.
    static func number(_ v: Double) -> String { NumberText.format(v, decimals: 3) }
}
