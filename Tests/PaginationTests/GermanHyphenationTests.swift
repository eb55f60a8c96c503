import CHyphen
import Foundation
import PropertyBased
import Testing
@testable import Pagination

/// German's two levels of patterns (hyphen-de's `hyph_de_DE.dic`: where compounds join, then
/// `NEXTLEVEL` and the patterns inside each part), applied as libhyphen's two-level algorithm
/// applies them: the same points as libhyphen's `hnj_hyphen_hyphenate2`, with the file's own
/// minimums.
@Suite struct GermanHyphenationTests {
    /// libhyphen's German dictionary, loaded once (its state machine takes seconds to build).
    static let oracle = HyphenationPatterns.dictionaryFile(for: "de").flatMap(Libhyphen.init(path:))

    /// Our patterns and libhyphen's dictionary for the same file.
    func german() throws -> (HyphenationPatterns, Libhyphen) {
        let patterns = try #require(HyphenationPatterns.patterns(for: ContentLanguage(tag: "de")), "hyphen-de is installed")
        let oracle = try #require(Self.oracle, "libhyphen (libhyphen0) reads \(patterns.path)")
        return (patterns, oracle)
    }

    /// The word with a hyphen at each point, by the file's own minimums (2 letters at the
    /// word's ends, 2 at a compound's inner joins).
    func hyphenated(_ word: String, _ patterns: HyphenationPatterns) -> String {
        let points = patterns.points(in: word, before: 1, after: 1)
        var out = ""
        for (k, scalar) in word.unicodeScalars.enumerated() {
            if points.contains(k) { out += "-" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Our points and libhyphen's for each word (the file's minimums), and the words where
    /// they differ.
    func differences(_ words: some Sequence<String>, _ patterns: HyphenationPatterns, _ oracle: Libhyphen) -> (compared: Int, differing: [String]) {
        var compared = 0, differing: [String] = []
        for word in words {
            guard let truth = oracle.points(in: word, itsOwnMinimums: true) else { continue }
            compared += 1
            let ours = patterns.points(in: word, before: 1, after: 1)
            if ours != truth { differing.append("\(word): \(ours) vs libhyphen's \(truth)") }
        }
        return (compared, differing)
    }

    @Test func theFileIsReadAsTwoLevels() throws {
        let (german, _) = try german()
        #expect(german.fileMinimums == (2, 2))
        #expect(german.compoundMinimums.map { $0 == (2, 2) } == true, "COMPOUNDLEFTHYPHENMIN 2, COMPOUNDRIGHTHYPHENMIN 2")
        #expect(try #require(HyphenationPatterns.patterns(for: ContentLanguage(tag: "en"))).compoundMinimums == nil)
    }

    @Test("words, compounds, umlauts and ß break where libhyphen breaks them", arguments: [
        ("Silbentrennung", "Sil-ben-tren-nung"),
        ("Abendstern", "Abend-stern"),  // the word patterns alone: "Abends-tern"
        ("Donaudampfschifffahrt", "Do-nau-dampf-schiff-fahrt"),
        ("Bundesverfassungsgericht", "Bun-des-ver-fas-sungs-ge-richt"),
        ("Verbrechensopfer", "Ver-bre-chens-op-fer"),
        ("Urinstinkt", "Ur-instinkt"),
        ("Fußballweltmeisterschaft", "Fuß-ball-welt-meis-ter-schaft"),
        ("Äquatorüberquerung", "Äqua-tor-über-que-rung"),
        ("übermäßig", "über-mä-ßig"),
        ("Süßigkeiten", "Sü-ßig-kei-ten"),
        ("Außenseiter", "Au-ßen-sei-ter"),
        ("Schlüsselbund", "Schlüs-sel-bund"),
        ("Straße", "Stra-ße"),
        ("Größe", "Grö-ße"),
        ("Mädchen", "Mäd-chen"),
        ("Spaß", "Spaß"),
        // `.aids.` keeps `ai3d2s` from counting: libhyphen's state machine, not Liang's sum.
        ("Aids", "Aids"),
        // NOHYPHEN - and ': no hyphen next to them.
        ("Ost-West", "Ost-West"),
    ])
    func breaksLikeLibhyphen(word: String, expected: String) throws {
        let (german, oracle) = try german()
        #expect(hyphenated(word, german) == expected)
        let truth = try #require(oracle.points(in: word, itsOwnMinimums: true))
        #expect(german.points(in: word, before: 1, after: 1) == truth)
        // With the typesetter's minimums (2 before, 3 after), libhyphen's points that keep them.
        let count = word.unicodeScalars.count
        #expect(german.points(in: word) == truth.filter { $0 >= 2 && count - $0 >= 3 })
    }

    /// Every word of a German text, and of a sample of the file's own compounds: the same
    /// points as libhyphen. No difference is excused: German's file has no non-standard
    /// patterns (`ck` → `k-k`), the one kind of pattern left out here.
    @Test func theWordsOfAGermanTextAndOfTheDictionaryBreakAsLibhyphenBreaksThem() throws {
        let (german, oracle) = try german()
        var words = Set(Self.text.split { !$0.isLetter }.map(String.init).filter { $0.count >= 4 })
        #expect(words.count > 120)
        let compounds = try Self.dictionaryWords(german.path)
        #expect(compounds.count > 60_000)
        for k in stride(from: 0, to: compounds.count, by: 150) { words.insert(compounds[k]) }
        let (compared, differing) = differences(words.sorted(), german, oracle)
        #expect(compared == words.count, "every word is Latin-1")
        #expect(differing.isEmpty, "\(differing.count) of \(compared) differ: \(differing.prefix(8))")
    }

    /// Compounds made of two to four of the dictionary's words, as a text might coin them.
    @Test func coinedCompoundsBreakAsLibhyphenBreaksThem() async throws {
        let (german, oracle) = try german()
        let compounds = try Self.dictionaryWords(german.path)
        await propertyCheck(count: 300, input: Gen.int(in: 0...(compounds.count - 1)).array(of: 2...4)) { picks in
            let word = picks.map { compounds[$0] }.joined()
            let (_, differing) = differences([word, word.capitalized], german, oracle)
            #expect(differing.isEmpty, "\(differing)")
        }
    }

    /// Small random two-level files: our reading agrees with libhyphen's on random words,
    /// whatever the patterns (repeated ones, word marks, joins next to each other, parts of
    /// one or two letters) and the minimums.
    @Test func randomTwoLevelFilesAgreeWithLibhyphen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-hyphen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var made = 0
        await propertyCheck(count: 200, input: Gen.uint64().array(of: 1...8), Gen.uint64().array(of: 0...16),
                            Gen.uint64().array(of: 1...12), Gen.uint64()) { compoundSeeds, wordSeeds, wordsSeeds, keywordSeed in
            var lines = ["UTF-8"]
            let keywords = ["LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN", "COMPOUNDRIGHTHYPHENMIN"]
            for (k, keyword) in keywords.enumerated() {
                // Said or not; 2…4 at the word's ends, 0…3 at a compound's joins.
                let value = Int((keywordSeed >> (4 * UInt64(k))) & 15)
                if value & 3 != 0 { lines.append("\(keyword) \(k < 2 ? 1 + value & 3 : value >> 2)") }
            }
            lines += compoundSeeds.map(Self.pattern)
            lines.append("NEXTLEVEL")
            lines += wordSeeds.map(Self.pattern)
            let file = folder.appendingPathComponent("hyph_\(made).dic")
            made += 1
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
            let ours = try #require(HyphenationPatterns(path: file.path), "\(lines)")
            let oracle = try #require(Libhyphen(path: file.path), "\(lines)")
            let words = wordsSeeds.map(Self.word)
            let (compared, differing) = differences(words, ours, oracle)
            #expect(compared == words.count)
            #expect(differing.isEmpty, "\(lines.joined(separator: " ")): \(differing)")
        }
        try FileManager.default.removeItem(at: folder)
    }

    /// A random pattern of one to four letters of "abcd", a digit or none between them and at
    /// either end, and word marks at either end now and then.
    static func pattern(_ seed: UInt64) -> String {
        var state = seed
        // SplitMix64's next number, below n.
        func take(_ n: UInt64) -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return (z ^ (z >> 31)) % n
        }
        let count = 1 + Int(take(4))
        var out = take(4) == 0 ? "." : ""
        for _ in 0..<count {
            let digit = take(16)
            if digit < 10 { out += String(digit) }
            out.append(Array("abcd")[Int(take(4))])
        }
        let digit = take(16)
        if digit < 10 { out += String(digit) }
        if take(4) == 0 { out += "." }
        return out
    }

    /// A random word of four to twelve letters of "abcd".
    static func word(_ seed: UInt64) -> String {
        let count = 4 + Int(seed % 9)
        return String((0..<count).map { k in Array("abcd")[Int((seed >> (4 + 2 * UInt64(k))) & 3)] })
    }

    /// The words of the file's first level (its compounds, without their digits), in its
    /// order.
    static func dictionaryWords(_ path: String) throws -> [String] {
        let bytes = try #require(HyphenationPatterns.contents(of: path))
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(String(decoding: lines[0], as: UTF8.self) == "ISO8859-1")
        var words: [String] = []
        for line in lines.dropFirst() {
            if line.elementsEqual("NEXTLEVEL".utf8) { break }
            // Latin-1: each byte is the scalar of its value.
            let word = String(String.UnicodeScalarView(line.filter { $0 > 0x39 || $0 < 0x30 }.map { Unicode.Scalar($0) }))
            if word.count >= 4 && word.allSatisfy(\.isLetter) { words.append(word) }
        }
        return words
    }

    /// A German text of everyday words, compounds, umlauts and ß.
    static let text = """
        Am Donnerstagabend saß die Großmutter wie immer am Küchenfenster und schälte Kartoffeln für
        das Abendessen. Draußen zog ein Gewitter über die Weinberge, und die Straßenlaternen gingen
        eine nach der anderen an. Ihr Enkel, ein aufmerksamer Gymnasiast mit einer Vorliebe für
        Eisenbahnfahrpläne, erzählte von der Klassenfahrt an den Bodensee: von der Schifffahrt nach
        Lindau, vom Übernachtungsheim mit seinen quietschenden Etagenbetten und von der
        Lehrerin, die jeden Morgen pünktlich um sieben Uhr die Frühstücksglocke läutete. Die
        Großmutter hörte geduldig zu, lächelte über die Jugendherbergsgeschichten und fragte nach
        dem Wetter, den Mahlzeiten und den Mitschülerinnen. Später holte sie das Fotoalbum aus dem
        Wohnzimmerschrank, in dem sich vergilbte Aufnahmen von Familienfeiern, Hochzeitsgesellschaften
        und Sonntagsspaziergängen befanden. Auf einem Bild stand der Urgroßvater vor einer
        Dampflokomotive, stolz in seiner Eisenbahneruniform, die Hände in den Hosentaschen. Der
        Junge wollte wissen, ob die Geschwindigkeitsbegrenzungen damals strenger gewesen seien und
        wie lange eine Reise von Hamburg nach München gedauert habe. Die Antwort überraschte ihn:
        fast einen ganzen Tag, mit Umsteigen, Verspätungen und einer Übernachtung im Wartesaal.
        Schließlich stellte die Großmutter die dampfende Gemüsesuppe auf den Tisch, schnitt frisches
        Roggenbrot und erinnerte ihn daran, die Hausaufgaben nicht zu vergessen: Rechtschreibübungen,
        ein Aufsatz über Naturschutzgebiete und die Vokabeln der Französischarbeit. Glücklicherweise
        hörte der Regen bald auf, die Vögel zwitscherten wieder, und über dem Kirchturm erschien ein
        blasser Regenbogen, der die Nachbarschaft für einen Augenblick in ungewöhnliche Farben
        tauchte. Verantwortungsbewusstsein, Zuverlässigkeit und Hilfsbereitschaft seien wichtiger
        als Zeugnisnoten, sagte sie, während draußen die Straßenbahn vorbeifuhr und ein Fußgänger
        seinen Regenschirm zusammenklappte.
        """
}
