import ArgumentParser

/// A part of `pageturn-bench` that `--only` runs alone (several may be named).
enum BenchGroup: String, CaseIterable, ExpressibleByArgument {
    /// Every corpus book: full pagination against Pango, the page at the middle offset, peak
    /// memory; then the glyph atlas.
    case books
    /// The turn machine's events, the cylinder mesh and the gesture lab's sweeps.
    case gestures
    /// The reader's frames during a drag: software renderer, and the accelerated one under Xvfb.
    case frames
    /// Whole processes (`--help`, `paginate` of a one-line book, of War and Peace and 红楼梦
    /// against Pango), and launch to the first frame, War and Peace at its middle, cold and
    /// warm page cache.
    case launch
    /// The page at the middle offset from a cold start, every corpus book (the books' child
    /// processes without Pango or the full table).
    case start
    /// Two-page spreads in a maximised window (1920×1080): a leaf's frames, software and GL,
    /// and the first frame of a spread against a single page's.
    case spreads
    /// An EPUB (Sherlock Holmes) against a TXT of the same text: paginate, the first page, the
    /// middle page from cold; an EPUB's first page with its cover against the book without it.
    case epub
    /// A generated library of 10,000 books: the shelf listed and shown, first and again, and
    /// its memory paged through.
    case shelf
    /// Searching War and Peace, case and accents aside.
    case find

    static let help = ArgumentHelp(
        "Run only these groups (repeatable): books (pagination vs Pango, glyph atlas), gestures "
        + "(turn machine, cylinder mesh, gesture lab), frames (drag frames, software and GL), launch "
        + "(whole-process start-up, launch to first frame), start (the page at the middle offset of every book), "
        + "spreads (a leaf turning at 1920x1080, software and GL; a spread's first frame against a page's), "
        + "epub (Sherlock Holmes against a TXT of its text; Children's Literature with and without its pictures), "
        + "shelf (a generated library of 10,000 books: listed and shown, first and again), "
        + "find (War and Peace searched, case and accents aside).",
        valueName: "group")

    /// The groups to run for `--only` values (all of them when none is given).
    static func selected(_ only: [BenchGroup]) -> [BenchGroup] {
        only.isEmpty ? allCases : allCases.filter(only.contains)
    }
}

/// The target for the page at the middle offset: 8 ms for the GBK 三国演义, 5 ms for
/// every other book (the GBK book is the one in a GB encoding).
enum StartTarget {
    static func milliseconds(encoding: String) -> Double {
        encoding.uppercased().contains("GB") ? 8 : 5
    }
}
