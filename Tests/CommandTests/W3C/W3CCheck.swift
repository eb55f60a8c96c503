/// What a W3C EPUB test's text asks a reading system to show, as a check on the book as the
/// reader shows it (`W3CBook`): the outcome in the W3C's report format, and why.
struct W3CCheck: Sendable {
    enum Outcome: Equatable, Sendable {
        case pass
        case fail(String)
        /// The test asks for what a reader of this kind does not do (scripting, audio, video,
        /// fixed layout, a linked record): "n/a" in the report, the reason in `W3CNotes`.
        case notApplicable(String)
    }

    let id: String
    let check: @Sendable (W3CBook, _ cache: String) throws -> Outcome

    init(_ id: String, _ check: @escaping @Sendable (W3CBook, _ cache: String) throws -> Outcome) {
        self.id = id
        self.check = check
    }

    /// Passes when `condition` holds, else fails saying `why`.
    static func when(_ condition: Bool, else why: String) -> Outcome { condition ? .pass : .fail(why) }

    /// A check that the book opens and shows `phrase`.
    static func shows(_ id: String, _ phrase: String) -> W3CCheck {
        W3CCheck(id) { book, _ in
            guard book.book != nil else { return .fail("refused: \(book.refusal ?? "")") }
            return when(book.shows(phrase), else: "\"\(phrase)\" is not shown")
        }
    }

    /// A check that the book opens and does not show `phrase`.
    static func hides(_ id: String, _ phrase: String) -> W3CCheck {
        W3CCheck(id) { book, _ in
            guard book.book != nil else { return .fail("refused: \(book.refusal ?? "")") }
            return when(!book.shows(phrase), else: "\"\(phrase)\" is shown")
        }
    }

    /// A check that the book opens (to a page with text).
    static func opens(_ id: String) -> W3CCheck {
        W3CCheck(id) { book, _ in when(book.book != nil && !book.text.isEmpty, else: "refused: \(book.refusal ?? "no text")") }
    }

    /// A check that the book's first picture is drawn.
    static func drawsPicture(_ id: String) -> W3CCheck {
        W3CCheck(id) { book, cache in
            guard let (page, image) = book.images.first else { return .fail("no picture is laid out") }
            guard (image["pixelWidth"] as? Int ?? 0) > 0 else { return .fail("its file gave no size: a placeholder") }
            return when(try book.drawsPicture(image, page: page, cache: cache), else: "the picture is not drawn")
        }
    }

    /// A check that the book's first picture is drawn mostly in a colour `colour` accepts (the
    /// average red, green and blue of its ink), named `named`.
    static func drawsPicture(_ id: String, inked named: String, _ colour: @escaping @Sendable (Int, Int, Int) -> Bool) -> W3CCheck {
        W3CCheck(id) { book, cache in
            guard let (page, image) = book.images.first else { return .fail("no picture is laid out") }
            guard let ink = try book.ink(of: image, page: page, cache: cache), ink.fraction >= 0.02 else {
                return .fail("the picture is not drawn")
            }
            return when(colour(ink.r, ink.g, ink.b), else: "not drawn in \(named)")
        }
    }

    /// A check that the book is refused with one line.
    static func refused(_ id: String) -> W3CCheck {
        W3CCheck(id) { book, _ in
            when(book.book == nil && book.refusal?.split(separator: "\n").count == 1, else: "the book opens without an error")
        }
    }

    static func notApplicable(_ id: String, _ why: String) -> W3CCheck { W3CCheck(id) { _, _ in .notApplicable(why) } }
}
