/// The check of each of the W3C's EPUB tests in `../shared/epub/w3c-epub-tests`, by its id (the
/// file's name), each asking what the test's own text asks. Written from the tests' texts; the
/// outcomes go to `conformance/epub-tests.json` (`W3CConformanceTests`).
enum W3CChecks {
    typealias Check = W3CCheck

    static let all: [Check] = content + css + navigation + container + package + publication

    /// Fonts, MathML, SVG and XHTML content documents.
    static let content: [Check] = [
        fontCheck("cnt-css-fonts_ot", "This should be an unusual font in OpenType format."),
        fontCheck("cnt-css-fonts_tt", "This should be an unusual font in TrueType format."),
        fontCheck("cnt-css-fonts_woff", "This should be an unusual font in WOFF format."),
        fontCheck("cnt-css-fonts_woff2", "This should be an unusual font in WOFF2 format."),
        Check("cnt-mathml-support") { book, _ in
            Check.when(!book.shows("x = a + b 2") && book.runs.contains { $0["text"] as? String == "2" }, else: "MathML is passed over")
        },
        // The star pattern is green at half opacity; the solid fill the referenced SVG's own.
        Check.drawsPicture("cnt-svg-css-inclusion", inked: "the document's green star pattern") { r, g, b in g > r + 30 && g > b + 30 },
        Check("cnt-svg-css-reference") { book, cache in
            // Its own solid green fill: most of the ink is that very green, not a pale pattern.
            guard let (page, image) = book.images.first else { return .fail("no picture is laid out") }
            guard let share = try book.share(of: image, page: page, cache: cache, near: (0, 128, 0)) else { return .fail("the picture is not drawn") }
            return Check.when(share > 0.5, else: "not filled with its own solid green")
        },
        Check("cnt-svg-css") { book, cache in
            // Its own style sheet's pattern: green at half opacity over the paper, in a good share of the picture.
            guard let (page, image) = book.images.first else { return .fail("no picture is laid out") }
            guard let share = try book.share(of: image, page: page, cache: cache, near: (123, 188, 120)) else {
                return .fail("the picture is not drawn")
            }
            return Check.when(share > 0.05, else: "not filled with its style sheet's green star pattern")
        },
        Check.drawsPicture("cnt-svg-embedded"),
        Check.drawsPicture("cnt-svg-support", inked: "its red fill") { r, g, b in r > g + 60 && r > b + 60 },
        Check.shows("cnt-xhtml-support", "Test passes if you see this."),
    ]

    /// A test that asks for text in the book's own face: its runs are set in a face from the book.
    static func fontCheck(_ id: String, _ phrase: String) -> Check {
        Check(id) { book, _ in
            let runs = book.runs(showing: phrase)
            guard !runs.isEmpty else { return .fail("the text is not shown") }
            let own = runs.allSatisfy { ($0["font"] as? String)?.contains(".epub") == true }
            return Check.when(own, else: "set in the reader's face, not the book's")
        }
    }

    /// The EPUB CSS properties (`-epub-` prefixed).
    static let css: [Check] = [
        Check("css-epub-hyphens") { book, cache in
            // 1: none in the block that refuses them; 2: at a soft hyphen in the manual block;
            // 3: some in the block that asks for them — on a page narrow enough for lines to
            // need them (the test's text: "testers may need to adjust the font size").
            let narrow = try W3CBook(book.id, cache: cache, width: 420)
            let blocks = narrow.blocks(startingWith: ["The nineteenth century", "The art", "Those who go beneath"])
            guard blocks.count == 3 else { return .fail("the three blocks are not all shown") }
            let hyphenated = blocks.map { $0.contains { $0["hyphen"] as? Bool == true } }
            return Check.when(hyphenated == [false, true, true], else: "hyphens in the blocks: \(hyphenated)")
        },
        Check("css-epub-line-break") { book, cache in
            // On a page narrow enough that the Japanese lines wrap, as the test's text says: "line
            // breaks should occur before the characters 々 or ぁ. These characters should not
            // appear at the end of a line."
            let narrow = try W3CBook(book.id, cache: cache, width: 260)
            let lines = narrow.lines.compactMap { $0["text"] as? String }
            let japanese = lines.filter { $0.contains { ("\u{3040}"..."\u{30FF}").contains($0) || ("\u{4E00}"..."\u{9FFF}").contains($0) } }
            guard japanese.count > 8 else { return .fail("the Japanese blocks do not wrap") }
            let bad = lines.filter { line in
                let end = line.trimmingCharacters(in: .whitespacesAndNewlines)
                return end.hasSuffix("々") || end.hasSuffix("ぁ")
            }
            return Check.when(bad.isEmpty, else: "a line ends with 々 or ぁ")
        },
        Check("css-epub-text-align-last") { book, _ in book.lastLinesAligned() },
        Check("css-epub-text-combine-horizontal") { _, _ in .fail("vertical writing is not set: horizontal text only") },
        Check("css-epub-text-emphasis") { _, _ in .fail("emphasis marks (-epub-text-emphasis) are not drawn") },
        Check("css-epub-text-orientation") { _, _ in .fail("vertical writing is not set: horizontal text only") },
        Check("css-epub-text-transform") { book, _ in
            // -epub-fullwidth: the letters and digits in their fullwidth forms, as wide as the kana.
            Check.when(book.shows("\u{FF11}\u{FF12}\u{FF13}\u{FF14}\u{FF15}\u{FF16}\u{FF41}\u{FF42}\u{FF43}\u{FF44}\u{FF45}\u{FF46}"),
                       else: "text-transform: full-width is not applied")
        },
        Check("css-epub-text-underline-position") { _, _ in .fail("underlines are not drawn") },
        Check("css-epub-word-break") { book, _ in
            let blocks = book.blocks(startingWith: ["The family of Dashwood", "The late owner", "In the society"])
            guard blocks.count == 3 else { return .fail("the three blocks are not all shown") }
            let keepAllBroken = blocks[1].contains { $0["hyphen"] as? Bool == true }
            let breakAllLines = blocks[2].compactMap { $0["text"] as? String }
            let midWord = breakAllLines.dropLast().contains { line in line.last.map { $0.isLetter } ?? false }
            return Check.when(!keepAllBroken && midWord, else: keepAllBroken ? "keep-all words are broken" : "break-all does not break words")
        },
        Check("css-epub-writing-mode") { _, _ in .fail("vertical writing is not set: horizontal text only") },
        Check("lay-pkg-flow-paginated") { book, _ in
            Check.when(book.pages.count > 4 && book.shows("Chapter 3. The Spouter-Inn."), else: "not paginated")
        },
        Check.notApplicable("lay-reflow-align-x-center", "rendition:align-x-center is not supported (its text asks for null then)"),
    ]

    /// The navigation document and the contents.
    static let navigation: [Check] = [
        Check("nav-access") { book, _ in
            Check.when(book.contentTitles == ["Test passes if you can see this link"], else: "contents: \(book.contentTitles)")
        },
        Check("nav-activation") { book, _ in book.contentsLead(to: ["1st content document": "content_001", "Click to access 2nd content document": "content_002"]) },
        Check("nav-non-text_img") { book, _ in
            Check.when(book.contentTitles == ["Start page", "Description of the Abbey of Sénanque"], else: "contents: \(book.contentTitles)")
        },
        Check("nav-non-text_img_title") { book, _ in
            Check.when(book.contentTitles == ["Start page", "Description of the Abbey of Sénanque"], else: "contents: \(book.contentTitles)")
        },
        hiddenTOC("nav-spine_in-spine-hidden-toc-css"),
        hiddenTOC("nav-spine_in-spine-hidden-toc-html"),
        Check("nav-spine_in-spine-no-list-style") { book, _ in
            Check.when(book.contentTitles.count == 2 && !book.contentTitles.contains { $0.hasPrefix("α") || $0.hasPrefix("1") },
                       else: "contents: \(book.contentTitles)")
        },
        Check("nav-spine_in-spine") { book, _ in
            Check.when(book.contentTitles.count == 2 && book.contents.allSatisfy { $0["page"] is Int }, else: "contents: \(book.contentTitles)")
        },
        Check("nav-spine_not-in-spine") { book, _ in
            Check.when(book.contentTitles.count == 2 && book.contents.allSatisfy { $0["page"] is Int }, else: "contents: \(book.contentTitles)")
        },
    ]

    /// Both links in the reader's contents; the hidden one not shown where the nav is in the spine.
    static func hiddenTOC(_ id: String) -> Check {
        Check(id) { book, _ in
            Check.when(book.contentTitles == ["The first link", "The second link"] && !book.shows("The second link"),
                       else: "contents \(book.contentTitles), second link shown: \(book.shows("The second link"))")
        }
    }

    /// The container: obfuscated fonts, META-INF, rootfiles, URLs, compression.
    static let container: [Check] = [
        fontCheck("ocf-font_obfuscation", "This should be an unusual TrueType font."),
        Check("ocf-font_obfuscation_bis") { book, _ in
            let runs = book.runs(showing: "This should be an unusual TrueType font.")
            guard !runs.isEmpty else { return .fail("the text is not shown") }
            return Check.when(!runs.contains { ($0["font"] as? String)?.contains(".epub") == true },
                              else: "a font obfuscated with another key is used")
        },
        Check.shows("ocf-metainf-inc", "Test passes if this page of the book can be accessed without any error."),
        Check("ocf-metainf-manifest") { book, _ in
            Check.when(book.spine.count == 1 && book.shows("Test passes if only this page of the book is accessible"),
                       else: "spine: \(book.spine.count) documents")
        },
        Check.hides("ocf-package_arbitrary", "Test fails if you see this."),
        Check.hides("ocf-package_multiple", "Test fails if you see this."),
        Check("ocf-url_link-leaking-relative") { book, cache in try Check.drawsPicture("").check(book, cache) },
        Check("ocf-url_link-path-absolute") { book, cache in try Check.drawsPicture("").check(book, cache) },
        Check("ocf-url_link-relative") { book, cache in try Check.drawsPicture("").check(book, cache) },
        Check.shows("ocf-url_manifest", "Test passes if this page opens."),
        Check.notApplicable("ocf-url_origin", "needs scripting, which this reader does not run"),
        Check.notApplicable("ocf-url_parse-leaking-relative", "needs scripting, which this reader does not run"),
        Check.notApplicable("ocf-url_parse-path-absolute", "needs scripting, which this reader does not run"),
        Check.shows("ocf-url_relative", "Test passes if this page opens."),
        Check.refused("ocf-zip-comp"),
    ]
}
