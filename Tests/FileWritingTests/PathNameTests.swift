import FileWriting
import Foundation
import Testing

/// The parts of a path, held to Foundation's `NSString` path methods, whose rules they follow.
@Suite("Path names")
struct PathNameTests {
    @Test func namesAreJoinedWithOneSlash() {
        #expect(PathName.joined("books", "a.txt") == "books/a.txt")
        #expect(PathName.joined("books/", "a.txt") == "books/a.txt")
        #expect(PathName.joined("/", "a.txt") == "/a.txt")
        #expect(PathName.joined("", "a.txt") == "a.txt")
    }

    @Test func aBooksTitleIsItsFileNameWithoutTheExtension() {
        #expect(PathName.stem("/home/reader/books/war-and-peace.txt") == "war-and-peace")
        #expect(PathName.stem("红楼梦.gbk.txt") == "红楼梦.gbk")
        #expect(PathName.stem("books/.hidden") == ".hidden")
        #expect(PathName.stem("notes.d/readme") == "readme")
        #expect(PathName.lastComponent("/books/") == "books")
        #expect(PathName.lastComponent("/") == "/")
    }

    /// Random paths of up to six pieces of `a`, `é`, `.`, `/` and `..`, against NSString (but
    /// for a doubled slash, which NSString on Linux keeps as it is).
    @Test func everyShortPathAgreesWithNSString() {
        let pieces = ["a", "é", ".", "/", "..", "b.txt"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let path = (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if path.contains("//") { continue }
            let name = (0..<Int.random(in: 1...3, using: &generator)).map { _ in ["a", "b.txt", "é"].randomElement(using: &generator)! }.joined()
            #expect(PathName.lastComponent(path) == (path as NSString).lastPathComponent, "\(path)")
            #expect(PathName.deletingExtension(PathName.lastComponent(path))
                    == ((path as NSString).lastPathComponent as NSString).deletingPathExtension, "\(path)")
            #expect(PathName.joined(path, name) == (path as NSString).appendingPathComponent(name), "\(path) + \(name)")
        }
    }
}
