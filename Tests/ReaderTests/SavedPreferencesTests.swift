import PageTurner
import Pagination
@testable import Reader
import ReaderState
import Testing

/// The preferences as a book's state file keeps them (`ReaderPreferences+Saved`): one type,
/// read leniently, written with every key, and nothing a newer version wrote lost.
@Suite("Saved preferences")
struct SavedPreferencesTests {
    static let written: [String: JSONValue] = [
        "fontSize": .number(20.5), "curl": .string("slide"), "theme": .string("night"), "zones": .string("koreader"),
        "progression": .string("rtl"), "layout": .string("single"), "language": .string("ja"), "hyphenate": .string("off"),
        "margins": .string("wide"), "lineSpacing": .number(1.35), "font": .string("DejaVu Serif"), "markup": .string("none"),
        "motion": .string("reduced"), "folioDigits": .string("native"), "publisherFonts": .string("off"),
    ]

    @Test("a state file as PageTurn writes it today reads into every preference, and writes back the same")
    func roundTrip() {
        let p = ReaderPreferences(saved: Self.written)
        #expect(p.fontSize == 20.5 && p.curl == .slide && p.theme == .night && p.zones.name == "koreader")
        #expect(p.progression == .rightToLeft && p.spreadMode == .single && p.language == .japanese && !p.hyphenation)
        #expect(p.margins == .wide && p.lineSpacing == 1.35 && p.font == "DejaVu Serif" && p.markup == .none)
        #expect(p.motion == .reduced && p.folioDigits == .native && !p.publisherFonts)
        #expect(p.saved == Self.written)
    }

    @Test("every preference is saved: each, set to a value other than its default, survives save and load")
    func everyPreferenceIsSaved() {
        let properties = Set(Mirror(reflecting: ReaderPreferences()).children.compactMap(\.label)).subtracting(["otherSettings"])
        #expect(Set(SavedPreference.all.map(\.property)) == properties, "a preference with no line in SavedPreference.all")
        #expect(SavedPreference.all.count == ReaderPreferences.savedKeys.count, "each key once")
        for preference in SavedPreference.all {
            let read = ReaderPreferences(saved: [preference.key: preference.example])
            #expect(read != ReaderPreferences(), "\(preference.key): \(preference.example) is its default")
            #expect(read.otherSettings.isEmpty, "\(preference.key): \(preference.example) is read as written")
            #expect(read.saved[preference.key] == preference.example)
            #expect(ReaderPreferences(saved: read.saved) == read)
        }
    }

    @Test("an empty or older settings object gives the defaults for what it lacks")
    func missingKeys() {
        #expect(ReaderPreferences(saved: [:]) == ReaderPreferences())
        let older = ReaderPreferences(saved: ["fontSize": .number(24), "theme": .string("sepia")])
        var expected = ReaderPreferences(fontSize: 24, theme: .sepia)
        expected.otherSettings = [:]
        #expect(older == expected)
    }

    @Test("a value this version cannot use takes its default", arguments: [
        ["fontSize": JSONValue.number(-3)], ["fontSize": .number(0)], ["fontSize": .number(1e300)], ["fontSize": .string("big")],
        ["curl": .string("origami")], ["theme": .number(3)], ["zones": .string("🦶")], ["progression": .string("ttb")],
        ["layout": .null], ["language": .string("x")], ["hyphenate": .bool(true)],
        ["margins": .string("huge")], ["markup": .string("asterisks")], ["motion": .string("gentle")], ["font": .string("")], ["font": .number(1)], ["lineSpacing": .number(0.5)], ["lineSpacing": .number(9)], ["lineSpacing": .string("2")],
    ])
    func unusableValues(settings: [String: JSONValue]) {
        var read = ReaderPreferences(saved: settings)
        #expect(read.otherSettings == settings, "kept as written, to be written back")
        read.otherSettings = [:]
        #expect(read == ReaderPreferences())
    }

    @Test("a font size is held to the sizes the reader offers")
    func fontSizeClamped() {
        #expect(ReaderPreferences(saved: ["fontSize": .number(1e9)]).fontSize == ReaderPreferences.fontSizes.upperBound)
        #expect(ReaderPreferences(saved: ["fontSize": .number(2)]).fontSize == ReaderPreferences.fontSizes.lowerBound)
    }

    @Test("settings a newer version wrote are saved back unchanged, beside this version's")
    func newerKeysKept() {
        var settings = Self.written
        settings["pageMargins"] = .object(["top": .number(60), "sides": .array([.number(40), .null])])
        settings["wordSpacing"] = .number(0.9)
        var p = ReaderPreferences(saved: settings)
        #expect(p.otherSettings.keys.sorted() == ["pageMargins", "wordSpacing"])
        p.fontSize = 30
        var expected = settings
        expected["fontSize"] = .number(30)
        #expect(p.saved == expected)
    }

    @Test("a value this version cannot use is written back as it was, until that preference changes")
    func unusableValuesKept() {
        let newer: [String: JSONValue] = ["theme": .string("sepia2"), "fontSize": .number(60), "hyphenate": .string("manual")]
        var p = ReaderPreferences(saved: newer)
        #expect(p.theme == .paper && p.fontSize == ReaderPreferences.fontSizes.upperBound && p.hyphenation)
        for (key, value) in newer { #expect(p.saved[key] == value, "\(key) as the newer version wrote it") }
        p.theme = .night
        p.hyphenation = false
        #expect(p.saved["theme"] == .string("night") && p.saved["hyphenate"] == .string("off"))
        #expect(p.saved["fontSize"] == .number(60))
    }
}
