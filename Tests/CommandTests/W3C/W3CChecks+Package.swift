import EPUB

extension W3CChecks {
    /// The package document: metadata, manifest, spine.
    static let package: [Check] = [
        Check.opens("pkg-collections-unknown"),
        Check("pkg-creator-order") { book, _ in
            Check.when(book.creators.first == "Dave Cramer", else: "first creator: \(book.creators.first ?? "none")")
        },
        // Each test's sample shows the direction asked: `auto` is the first strong character's
        // (the Latin "CSS"), an unset one the package's `dir`, else left to right.
        titleDirection("pkg-dir-auto_root-rtl", "مغامرة جديدة!", rightToLeft: false),
        titleDirection("pkg-dir-auto_root-unset", "הרפתקה חדשה!", rightToLeft: false),
        Check("pkg-dir_but_not_content") { book, _ in book.startsAtLeft("List entry no. 1") },
        // The creator is shown on the shelf (`shelf --json`), set right to left as its `dir` asks.
        Check("pkg-dir_creator-rtl") { book, _ in
            guard let shown = try? book.onShelf() else { return .fail("the shelf cannot list it") }
            return Check.when(shown["author"] as? String == "Dave Cramer" && shown["authorRightToLeft"] as? Bool == true,
                              else: "the shelf shows \(shown["author"] ?? "no creator"), right to left: \(shown["authorRightToLeft"] ?? "?")")
        },
        titleDirection("pkg-dir_rtl-root-ltr", "הרפתקה חדשה!", rightToLeft: true),
        titleDirection("pkg-dir_rtl-root-unset", "הרפתקה חדשה!", rightToLeft: true),
        titleDirection("pkg-dir_unset-root-rtl", "مغامرة جديدة!", rightToLeft: true),
        titleDirection("pkg-dir_unset-root-unset", "مغامرة جديدة!", rightToLeft: false),
        Check("pkg-lang_but_not_content") { book, _ in
            // The quotation marks are generated (`q::before`, `q::after`): in the book's text, not
            // its own words that `layout --json` gives.
            guard let epub = try? EPUBBook.open(path: book.path) else { return .fail("refused") }
            let text = epub.text.string(0..<epub.text.scalarCount)
            return Check.when(text.contains("\u{201C}Le mieux est l'ennemi du bien\u{201D}"),
                              else: text.contains("«Le mieux") ? "French quotation marks" : "no quotation marks around the quotation")
        },
        Check.notApplicable("pkg-linked-records", "linked metadata records are not read (its text asks for null then)"),
        Check.opens("pkg-manifest-unknown"),
        Check("pkg-manifest-unlisted-resource") { book, _ in
            guard book.shows("Test fails if a red image is visible."), !book.images.isEmpty else { return .fail("the page is not shown") }
            return Check.when(book.images.allSatisfy { ($0.image["pixelWidth"] as? Int ?? 0) == 0 },
                              else: "a picture the manifest does not list is drawn")
        },
        Check.opens("pkg-meta-unknown"),
        Check("pkg-meta-whitespace") { book, _ in
            let title = book.title ?? "", creators = book.creators
            let clean = { (s: String) in s == s.trimmingCharacters(in: .whitespacesAndNewlines) && !s.contains("  ") && !s.contains("\n") }
            return Check.when(!title.isEmpty && clean(title) && creators.allSatisfy(clean), else: "title \"\(title)\", creators \(creators)")
        },
        Check("pkg-spine-duplicate-item-hyperlink") { book, _ in
            // The link leads to the first of the three showings of the repeated document.
            guard let epub = try? EPUBBook.open(path: book.path),
                  let first = epub.documents.first(where: { $0.path.hasSuffix("content_002.xhtml") }),
                  let link = epub.structure.links.first(where: { $0.href.hasSuffix("content_002.xhtml") }),
                  let target = epub.linkTargets[link.href] else { return .fail("the link leads nowhere") }
            let copies = epub.documents.filter { $0.path == first.path }.count
            return Check.when(copies == 3 && target == first.offset, else: "\(copies) showings; the link leads to offset \(target)")
        },
        Check("pkg-spine-duplicate-item-rendering") { book, _ in
            let copies = book.text.components(separatedBy: "This document occurs three times in the spine.").count - 1
            return Check.when(copies == 3, else: "the repeated document is shown \(copies) times")
        },
        Check("pkg-spine-duplicate-item-ui") { book, _ in
            let copies = book.text.components(separatedBy: "This document occurs three times in the spine.").count - 1
            return Check.when(copies == 3, else: "the repeated document is shown \(copies) times")
        },
        Check("pkg-spine-nonlinear-activation") { book, _ in
            Check.when(book.linkLeads(from: "this link", to: "Test passes if following the link opens this page."),
                       else: "the link does not lead to the non-linear document")
        },
        Check("pkg-spine-order") { book, _ in
            book.inOrder(["This page must appear first.", "This page must appear second.", "This page must appear third.",
                          "This page must appear last."])
        },
        Check("pkg-spine-order-svg") { book, _ in
            Check.when(book.images.count == 4 && book.images.map(\.image).compactMap { $0["href"] as? String }
                .elementsEqual(["EPUB/1.svg", "EPUB/2.svg", "EPUB/3.svg", "EPUB/4.svg"]), else: "the SVG documents are not shown in order")
        },
        progression("pkg-spine-progression-default", rightToLeft: true),
        progression("pkg-spine-progression_ltr", rightToLeft: false),
        progression("pkg-spine-progression_rtl", rightToLeft: true),
        Check.opens("pkg-spine-unknown"),
        Check("pkg-title-order") { book, _ in
            // The package's first title is this one; the others say they must not display first.
            Check.when(book.title == "pkg-title-order", else: "title: \(book.title ?? "none")")
        },
        Check("pkg-unique-id") { book, _ in try book.keptApart(from: "pkg-unique-id_duplicate") },
        Check("pkg-unique-id_duplicate") { book, _ in try book.keptApart(from: "pkg-unique-id") },
        Check.opens("pkg-version-backward"),
    ]

    /// The book's title shown in the reader's interface (the running head) in the direction
    /// the test's text gives.
    static func titleDirection(_ id: String, _ phrase: String, rightToLeft: Bool) -> Check {
        Check(id) { book, _ in book.headReads(phrase, rightToLeft: rightToLeft) }
    }

    /// The spine's documents in order, read in the page progression the book declares, else
    /// its language's (the default test's book is in Arabic: its next page is to the left).
    static func progression(_ id: String, rightToLeft: Bool) -> Check {
        Check(id) { book, _ in
            let order = book.inOrder(["This page must appear first.", "This page must appear second", "This page must appear third",
                                      "This page must appear last"])
            guard order == .pass else { return order }
            let read = book.metadata["progression"] as? String ?? "?"
            return Check.when((read == "rtl") == rightToLeft, else: "read \(read), the test asks \(rightToLeft ? "rtl" : "ltr")")
        }
    }

    /// Foreign resources, data URLs, links, XML and the network.
    static let publication: [Check] = [
        Check("pss-support") { book, _ in
            // The footnote appears over the page when its reference is tapped, and not in the flow.
            let note = "This text is meant to appear as a footnote."
            guard !book.shows(note) else { return .fail("the footnote is in the flow") }
            let shown = try book.noteShown(tapping: "this link")
            return Check.when(shown == note, else: "tapping the reference shows \(shown.map { "\"\($0)\"" } ?? "no note")")
        },
        Check("pss-support_ignore-title") { book, _ in
            // The second document's reference leads to its title, which is no note: nothing pops up there.
            guard book.pages.count == 2 else { return .fail("\(book.pages.count) pages") }
            let first = try book.noteShown(tapping: "this link", onPage: 1)
            let second = try book.noteShown(tapping: "link.", onPage: 2)
            return Check.when(first != nil && second == nil, else: "notes shown: \(first ?? "none"), \(second ?? "none")")
        },
        Check.drawsPicture("pub-cmt-avif"),
        Check.drawsPicture("pub-cmt-gif"),
        Check.drawsPicture("pub-cmt-jpeg"),
        Check.drawsPicture("pub-cmt-jxl"),
        Check.drawsPicture("pub-cmt-png"),
        Check.drawsPicture("pub-cmt-svg"),
        Check.drawsPicture("pub-cmt-webp"),
        Check.drawsPicture("pub-data-urls_browsing-context"),
        Check("pub-data-urls_top-level-content") { book, cache in
            // Drawn on the page of the sentence that introduces it, not on a page of its own.
            guard let (page, image) = book.images.first else { return .fail("no picture is laid out") }
            let sentencePage = book.pages.first { page in
                ((page["lines"] as? [[String: Any]]) ?? []).contains { ($0["text"] as? String)?.contains("Test passes if you can see") == true }
            }?["page"] as? Int
            guard sentencePage == page else { return .fail("the picture is on a page of its own") }
            return Check.when(try book.drawsPicture(image, page: page, cache: cache), else: "the picture is not drawn")
        },
        Check("pub-external-links") { book, _ in
            Check.when(book.runs.contains { ($0["href"] as? String)?.hasPrefix("https://") == true }, else: "the external link is not a link")
        },
        Check("pub-external-links_consent") { book, _ in
            Check.when(book.runs.contains { ($0["href"] as? String)?.hasPrefix("mailto:") == true }, else: "the mailto link is not a link")
        },
        Check("pub-file-urls") { book, _ in Check.when(book.book != nil && book.images.isEmpty, else: "a local file is shown") },
        Check("pub-foreign_image") { book, cache in try Check.drawsPicture("").check(book, cache) },
        Check.shows("pub-foreign_json-spine", "Test passes if you see this text."),
        Check("pub-foreign_xml-spine") { book, _ in
            Check.when(book.shows("Test passes if you see this text.") && !book.shows("Test fails."), else: "the foreign XML is shown")
        },
        Check("pub-foreign_xml-suffix-spine") { book, _ in
            Check.when(book.shows("Test passes if you see this text.") && !book.shows("Test fails."), else: "the foreign XML is shown")
        },
        Check("pub-xml-external-id") { book, _ in
            Check.when(book.book != nil && !book.shows("The test fails."), else: "the external entity is read")
        },
        Check("pub-xml-names") { book, _ in book.reportsError(on: "Test passes if the reading system reports an error on this page.") },
        Check("pub-xml-non-validating_comment") { book, _ in
            guard book.shows("Test passes if the invalid navigation document is not included in the spine.") else {
                return .fail("the book is not shown")
            }
            return Check.when(!book.shows("Test fails if you can see this nav document in the spine"), else: "the navigation document is shown")
        },
        Check("pub-xml-non-validating_unclosed") { book, _ in
            book.reportsError(on: "Test passes if the reading system reports an error on this page.")
        },
        Check("sec-untrusted-consent_network") { book, _ in
            Check.when(book.book != nil && book.images.allSatisfy { ($0.image["pixelWidth"] as? Int ?? 0) == 0 },
                       else: "a picture from the network is drawn")
        },
    ]
}
