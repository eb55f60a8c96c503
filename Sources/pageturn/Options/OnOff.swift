import ArgumentParser

/// An option that is on or off (`--publisher-fonts on|off`).
enum OnOff: String, ExpressibleByArgument, CaseIterable, Sendable {
    case on, off

    static let publisherFontsHelp = """
        on: text the book's style sheets set in a font of its own (@font-face) is set in it, \
        with the reader's faces for what it lacks; a face chosen with --font sets the body instead, \
        headings and other elements keeping theirs; off: the reader's faces throughout
        """
}
