import Fonts
import Foundation
import PageTurner
import Pagination
@testable import Reader
import ReaderTestSupport
import Testing

/// The font panel: it lists the installed families with the book faces first and the one in
/// use marked and selected; typing filters; Enter or a click chooses; the book is laid out
/// again in the face chosen, on the same place, and the choice is saved with the book.
@Suite struct FontPanelTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    static let families = [
        FontFamily(name: "DejaVu Sans", regular: FontLocation(path: dejaVu + "DejaVuSans.ttf", family: "DejaVu Sans")),
        FontFamily(name: "DejaVu Sans Mono", regular: FontLocation(path: dejaVu + "DejaVuSansMono.ttf", family: "DejaVu Sans Mono")),
        FontFamily(name: "DejaVu Serif", regular: FontLocation(path: dejaVu + "DejaVuSerif.ttf", family: "DejaVu Serif")),
        FontFamily(name: "Noto Serif", regular: FontLocation(path: "/nowhere/NotoSerif-Regular.ttf", family: "Noto Serif")),
    ]

    static func context(_ size: Size = Size(width: 600, height: 800)) -> PanelContext {
        PanelContext(size: size, pageCount: 10, isExact: true, currentPage: 0, currentOffset: 0, bookmarks: [], chapters: [],
                     pageOf: { _ in 0 })
    }

    /// Fonts opened from `families` by name (the book faces for nil), each open counted.
    final class Opener: @unchecked Sendable {
        var opened: [String?] = []
        func choices() -> FontChoices {
            FontChoices(families: { FontPanelTests.families }, open: { family in
                self.opened.append(family)
                guard let family else { return try Fixture.fonts() }
                guard let found = FontPanelTests.families.first(where: { $0.name == family }) else {
                    throw Failure(description: "no family named \"\(family)\"")
                }
                return FontSet(primary: try FontFace(path: found.regular.path))
            })
        }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    @Test func itOpensOnTheFaceInUseWithTheBookFacesFirst() {
        let panel = FontPanel(families: Self.families, current: "dejavu serif", context: Self.context())
        #expect(panel.rows.first == .some(nil), "the book faces come first")
        #expect(panel.rows.count == Self.families.count + 1)
        #expect(panel.choice(panel.rows[panel.selected]) == "DejaVu Serif", "names compare as fontconfig compares them")
        #expect(panel.rows.filter { panel.isCurrent($0) }.count == 1)
        let bookFaces = FontPanel(families: Self.families, current: nil, context: Self.context())
        #expect(bookFaces.selected == 0 && bookFaces.isCurrent(nil))
        let byFile = FontPanel(families: Self.families, current: Self.dejaVu + "DejaVuSans.ttf", context: Self.context())
        #expect(byFile.choice(byFile.rows[byFile.selected]) == "DejaVu Sans", "a font file chosen marks its family")
    }

    @Test func typingFiltersAndEnterChoosesTheSelectedFamily() {
        var panel = FontPanel(families: Self.families, current: nil, context: Self.context())
        _ = panel.type("serif", context: Self.context())
        #expect(panel.rows.map(panel.choice) == ["DejaVu Serif", "Noto Serif"], "the book faces' row goes: its name lacks it")
        _ = panel.key(.down, context: Self.context())
        #expect(panel.key(.enter, context: Self.context()) == .chooseFont(family: "Noto Serif"))
        for _ in 0..<5 { _ = panel.key(.backspace, context: Self.context()) }
        #expect(panel.filter.isEmpty && panel.rows.count == Self.families.count + 1, "backspace undoes the filter")
        _ = panel.type("Sans M", context: Self.context())
        #expect(panel.rows.map(panel.choice) == ["DejaVu Sans Mono"], "spaces and case do not matter")
        for _ in 0..<6 { _ = panel.key(.backspace, context: Self.context()) }
        _ = panel.type("f", context: Self.context())
        #expect(!panel.rows.contains(nil), "a letter of \"book faces\" is not its name")
        _ = panel.type("xyz", context: Self.context())
        #expect(panel.rows.isEmpty)
        #expect(panel.key(.enter, context: Self.context()) == PanelAction.none, "nothing to choose")
        #expect(panel.key(.escape, context: Self.context()) == .close)
    }

    @Test func aClickOnARowChoosesItAndOneOutsideCloses() {
        var panel = FontPanel(families: Self.families, current: nil, context: Self.context())
        let g = FontPanel.layout(Self.context().size).list
        let row = g.row(3)
        #expect(panel.tap(at: Point(x: row.minX + row.width / 2, y: row.minY + row.height / 2), context: Self.context()) == .chooseFont(family: "DejaVu Serif"))
        let top = g.row(0)
        #expect(panel.tap(at: Point(x: top.minX + top.width / 2, y: top.minY + top.height / 2), context: Self.context()) == .chooseFont(family: nil))
        #expect(panel.tap(at: Point(x: 2, y: 2), context: Self.context()) == .close)
    }

    @Test func choosingAFamilyLaysTheBookOutInItOnTheSamePlace() throws {
        let opener = Opener()
        let session = try Fixture.session(width: 500, height: 700) { $0.fontChoices = opener.choices() }
        var saves = 0
        session.onChange = { saves += 1 }
        session.jump(toPage: 4)
        session.advance(to: 1000)
        let position = session.position
        let before = session.layout
        session.handle(.key(.character("f"), shift: false), at: 2000)
        #expect(session.openPanel == "fonts")
        session.handle(.text("dejavu serif"), at: 2100)
        session.handle(.key(.enter, shift: false), at: 2200)
        session.advance(to: 5000)
        #expect(session.openPanel == nil)
        #expect(session.preferences.font == "DejaVu Serif")
        #expect(session.layout !== before && session.layout.fonts?.primary.familyName == "DejaVu Serif")
        #expect(session.fonts.primary.familyName == "DejaVu Serif")
        #expect(session.position == position)
        #expect(session.layout.range(ofPage: session.page).contains(position), "the page shown still holds the place")
        #expect(saves > 0, "the choice is saved with the book")
        #expect(session.preferences.saved["font"] == .string("DejaVu Serif"))
        session.setFont(nil)
        session.advance(to: 8000)
        #expect(session.preferences.font == nil && session.layout.fonts?.primary.familyName == "Noto Serif")
        #expect(opener.opened == ["DejaVu Serif", nil])
    }

    @Test func aFamilyThatCannotBeOpenedChangesNothingAndSaysWhy() throws {
        let session = try Fixture.session(width: 500, height: 700) { $0.fontChoices = Opener().choices() }
        let layout = session.layout
        session.setFont("Gone Family")
        #expect(session.preferences.font == nil && session.layout === layout)
        #expect(session.scene.notice?.contains("no family named \"Gone Family\"") == true, "\(session.scene.notice ?? "")")
        // Chosen in the panel, the panel stays open on what was typed.
        session.handle(.key(.character("f"), shift: false), at: 100)
        session.handle(.text("dejavu sans m"), at: 200)
        session.perform(.chooseFont(family: "Gone Family"))
        #expect(session.openPanel == "fonts")
        #expect((session.scene.panel?.panel as? FontPanel)?.filter == "dejavu sans m")
    }

    @Test func withoutFontsToChooseFromThePanelSaysSo() throws {
        let session = try Fixture.session(width: 500, height: 700)
        session.handle(.key(.character("f"), shift: false), at: 100)
        #expect(session.openPanel == nil)
        #expect(session.scene.notice == "Fonts cannot be chosen here")
    }

    @Test func theToolbarHasAFontButton() throws {
        let bars = Toolbars(zones: .default)
        let size = Size(width: 900, height: 1200)
        let font = try #require(bars.buttons(size: size).first { $0.0 == .font }?.1)
        #expect(bars.hit(Point(x: font.minX + font.width / 2, y: font.minY + font.height / 2), size: size) == .font)
    }
}
