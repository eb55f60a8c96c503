import FileWriting
import PageTurner

/// The lines `pageturn simulate` prints, as values: one for each event, set-up change and
/// frame, written by `JSONDocument` as every JSON of the program is. Lengths and times are
/// given to a thousandth (`null` for a number that is not finite); a rectangle is
/// `[x, y, width, height]`.
enum ReplayLine {
    /// A length or a time as the lines give it: to a thousandth, `null` when not finite.
    struct Number: Encodable {
        let value: Double

        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            if value.isFinite { try c.encode(JSONDocument.thousandths(value)) } else { try c.encodeNil() }
        }
    }

    static func number(_ value: Double) -> Number { Number(value: value) }

    static func numbers(_ values: [Double]) -> [Number] { values.map(number) }

    static func rect(_ r: Rect) -> [Number] { numbers([r.x, r.y, r.width, r.height]) }

    /// `value` as its line. Nothing in a line can fail to encode: every number is a `Number`.
    static func text(_ value: some Encodable) -> String {
        do {
            return try JSONDocument.encode(value)
        } catch {
            assertionFailure("a replay line could not be written: \(error)")
            return "{}"
        }
    }

    /// An event: `{"event":"turnCommitted","from":3,"t":T,"to":4}` and the like.
    struct Event: Encodable {
        var t: Number?
        var event: String
        var direction: String?
        var from: Int?
        var to: Int?
        var commit: Bool?
        var page: Int?
        var at: String?
        var zone: String?
        var action: String?
        var x: Number?
        var y: Number?
        var shown: Bool?
    }

    /// A set-up change: `{"height":H,"setup":"resize","t":T,"width":W}` and the like.
    struct Setup: Encodable {
        var t: Number?
        var setup: String
        var width: Number?
        var height: Number?
        var count: Int?
        var page: Int?
        var model: String?
        var rtl: Bool?
        var spread: Bool?
    }

    /// The curl's geometry in a frame, under the model's name: the fields of the model drawn
    /// (`fold` is `null` for a cylinder with no fold on the page).
    struct Geometry: Encodable {
        var spine: Number?
        var leaf: [Number]?
        var side: String?
        var x: Number?
        var clip: [Number]?
        var back: [Number]?
        var backSource: [Number]?
        var shadow: [Number]?
        var margin: [Number]?
        var bandOpacity: Number?
        var fold: Fold?
        var radius: Number?
        var vertices: Int?
        var triangles: Int?
        var current: Number?
        var incoming: Number?
        var shown: String?


        /// A cylinder's fold line across the page, or `null` when it lies off the page.
        enum Fold: Encodable {
            case line([Number])
            case offPage

            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                switch self {
                case .line(let points): try c.encode(points)
                case .offPage: try c.encodeNil()
                }
            }
        }
    }

    /// A frame: the machine's state, and while a page moves its pose and the model's geometry
    /// (under the model's name: `"classic"`, `"cylinder"`, `"slide"` or `"none"`).
    struct Frame: Encodable {
        var t: Number?
        var frame: Int
        var state: String
        var page: Int
        var toolbars: Bool
        var pointer: [Number]?
        var direction: String?
        var progress: Number?
        var edge: Number?
        var boundary: String?
        var model: String?
        var geometry: Geometry?

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeIfPresent(t, forKey: Key("t"))
            try c.encode(frame, forKey: Key("frame"))
            try c.encode(state, forKey: Key("state"))
            try c.encode(page, forKey: Key("page"))
            try c.encode(toolbars, forKey: Key("toolbars"))
            try c.encodeIfPresent(pointer, forKey: Key("pointer"))
            try c.encodeIfPresent(direction, forKey: Key("direction"))
            try c.encodeIfPresent(progress, forKey: Key("progress"))
            try c.encodeIfPresent(edge, forKey: Key("edge"))
            try c.encodeIfPresent(boundary, forKey: Key("boundary"))
            if let model, let geometry { try c.encode(geometry, forKey: Key(model)) }
        }
    }
}
