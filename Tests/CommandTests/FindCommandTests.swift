import Foundation
import Testing
import TestSupport

@Suite("pageturn find")
struct FindCommandTests {
    @Test("every Natasha in War and Peace, with ascending pages and her name in each context")
    func warAndPeace() throws {
        let result = try Pageturn.run(["find", SharedData.corpus("en_tolstoy_war_and_peace.txt"), "natasha", "--json", "-"])
        try #require(result.status == 0, "stderr: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let matches = try #require(json["matches"] as? [[String: Any]])
        #expect(matches.count == json["count"] as? Int && matches.count > 1000)
        let pages = matches.compactMap { $0["page"] as? Int }
        #expect(pages == pages.sorted() && pages.first ?? 0 >= 1 && pages.last ?? 0 <= json["pages"] as? Int ?? 0)
        #expect(matches.allSatisfy { ($0["context"] as? String)?.lowercased().contains("[natásha]") == true
            || ($0["context"] as? String)?.lowercased().contains("[natasha]") == true })
    }

    @Test("bad input: an empty search and one too long are refused on one line; nothing found says so")
    func badInput() throws {
        let book = "assets/books/alice-excerpt.txt"
        try expectOneLineError(["find", book, "  "], mentioning: "empty")
        try expectOneLineError(["find", book, String(repeating: "a", count: 10_000)], mentioning: "at most 1000")
        let none = try Pageturn.run(["find", book, "zebra crossing"])
        #expect(none.status == 0 && none.stdout.hasPrefix("not found"))
    }
}
