import Library
import PageTurner
import Reader
import Testing

@Suite("The shelf as a session: clicks, keys and typing")
struct ShelfSessionTests {
    static func book(_ title: String, author: String? = nil, progress: Double? = nil, missing: Bool = false,
                     problem: String? = nil) -> ShelfBook {
        ShelfBook(path: "/books/\(title).txt", metadata: BookMetadata(format: .text, title: title, author: author, problem: problem),
                  progress: progress, isMissing: missing)
    }

    static func shelf(_ books: [ShelfBook], size: Size = Size(width: 1000, height: 800)) -> ShelfSession {
        var listing = ShelfListing()
        listing.books = books
        return ShelfSession(listing: listing, size: size)
    }

    static let eight = (1...8).map { book("Book \($0)") }

    @Test("a click on a cover opens its book; a click between covers opens nothing")
    func clickOpens() throws {
        let shelf = Self.shelf(Self.eight)
        let third = shelf.grid.cover(2, scroll: 0)
        shelf.handle(.pointerDown(id: 0, at: Point(x: (third.x + third.width / 2), y: (third.y + third.height / 2))), at: 0)
        shelf.handle(.pointerUp(id: 0, at: Point(x: (third.x + third.width / 2) + 3, y: (third.y + third.height / 2))), at: 80)
        #expect(shelf.takeRequests() == [.open("/books/Book 3.txt")])
        #expect(shelf.selectedBook?.metadata.title == "Book 3")
        let gap = Point(x: third.maxX + 10, y: (third.y + third.height / 2))
        shelf.handle(.pointerDown(id: 0, at: gap), at: 100)
        shelf.handle(.pointerUp(id: 0, at: gap), at: 150)
        #expect(shelf.takeRequests().isEmpty)
    }

    @Test("a drag scrolls the grid and opens nothing")
    func dragScrolls() {
        let shelf = Self.shelf((1...40).map { Self.book("Book \($0)") })
        let cover = shelf.grid.cover(0, scroll: 0)
        shelf.handle(.pointerDown(id: 0, at: Point(x: (cover.x + cover.width / 2), y: 600)), at: 0)
        shelf.handle(.pointerMove(id: 0, at: Point(x: (cover.x + cover.width / 2), y: 400)), at: 50)
        shelf.handle(.pointerUp(id: 0, at: Point(x: (cover.x + cover.width / 2), y: 400)), at: 100)
        #expect(shelf.scroll == 200)
        #expect(shelf.takeRequests().isEmpty)
        shelf.handle(.wheel(steps: -100), at: 200)
        #expect(shelf.scroll == 0)
        shelf.handle(.wheel(steps: 1000), at: 300)
        #expect(shelf.scroll == shelf.grid.maximumScroll(count: 40))
    }

    @Test("the arrows move the selection by a book or a row, Enter opens, and the selection stays in view")
    func keys() {
        let shelf = Self.shelf((1...40).map { Self.book("Book \($0)") })
        let columns = shelf.grid.columns
        shelf.handle(.key(.right, shift: false), at: 0)
        shelf.handle(.key(.down, shift: false), at: 10)
        #expect(shelf.selected == 1 + columns)
        shelf.handle(.key(.end, shift: false), at: 20)
        #expect(shelf.selected == 39)
        let last = shelf.grid.cover(39, scroll: shelf.scroll)
        #expect(last.minY >= ShelfGrid.headingHeight && last.maxY + ShelfGrid.captionHeight <= 800)
        shelf.handle(.key(.home, shift: false), at: 30)
        #expect(shelf.selected == 0 && shelf.scroll == 0)
        shelf.handle(.key(.left, shift: false), at: 40)
        #expect(shelf.selected == 0)
        shelf.handle(.key(.enter, shift: false), at: 50)
        #expect(shelf.takeRequests() == [.open("/books/Book 1.txt")])
    }

    @Test("typing filters by title and author; BackSpace and Escape undo it; Escape never quits")
    func typing() {
        let shelf = Self.shelf([Self.book("War and Peace", author: "Leo Tolstoy"), Self.book("Anna Karenina", author: "Leo Tolstoy"),
                                Self.book("Emma", author: "Jane Austen")])
        shelf.handle(.text("tol"), at: 0)
        #expect(shelf.shown.map { shelf.books[$0].metadata.title } == ["War and Peace", "Anna Karenina"])
        shelf.handle(.text("stoy war"), at: 10)
        #expect(shelf.shown.count == 1)
        #expect(shelf.scene.count == "1 of 3 books")
        shelf.handle(.key(.backspace, shift: false), at: 20)
        #expect(shelf.query == "tolstoy wa")
        shelf.handle(.text("x"), at: 30)
        #expect(shelf.shown.isEmpty && shelf.scene.emptyMessage == "No book matches “tolstoy wax”")
        shelf.handle(.key(.enter, shift: false), at: 40)
        #expect(shelf.takeRequests().isEmpty)
        shelf.handle(.key(.escape, shift: false), at: 50)
        shelf.handle(.key(.escape, shift: false), at: 60)
        #expect(shelf.query.isEmpty && shelf.shown.count == 3 && !shelf.quitRequested)
    }

    @Test("Delete removes the selected book from the shelf and asks for it to be forgotten")
    func delete() {
        let shelf = Self.shelf(Array(Self.eight.prefix(3)))
        shelf.handle(.key(.right, shift: false), at: 0)
        shelf.handle(.key(.delete, shift: false), at: 10)
        #expect(shelf.takeRequests() == [.remove("/books/Book 2.txt")])
        #expect(shelf.books.map(\.metadata.title) == ["Book 1", "Book 3"])
        #expect(shelf.selectedBook?.metadata.title == "Book 3")
        #expect(shelf.notice?.contains("removed") == true)
    }

    @Test("a missing or unreadable book says why instead of opening")
    func cannotOpen() {
        let shelf = Self.shelf([Self.book("Gone", missing: true), Self.book("Broken", problem: "damaged EPUB")])
        shelf.handle(.key(.enter, shift: false), at: 0)
        #expect(shelf.takeRequests().isEmpty)
        #expect(shelf.notice?.contains("gone") == true)
        shelf.handle(.key(.right, shift: false), at: 10)
        shelf.handle(.key(.enter, shift: false), at: 20)
        #expect(shelf.notice?.contains("damaged EPUB") == true)
        #expect(shelf.scene.items.map(\.mark) == ["missing", "cannot be read"])
    }

    @Test("the scene shows the books in view with their progress, and only those")
    func scene() {
        let books = (1...100).map { Self.book("Book \($0)", progress: $0 == 1 ? 0.426 : nil) }
        let shelf = Self.shelf(books)
        let scene = shelf.scene
        #expect(scene.items.first?.progressLabel == "42%")
        #expect(scene.items.dropFirst().allSatisfy { $0.progressLabel == nil })
        #expect(scene.items.count < 100 && scene.items.count >= shelf.grid.columns)
        #expect(scene.items.allSatisfy { $0.cover.maxY + ShelfGrid.captionHeight > ShelfGrid.headingHeight && $0.cover.minY < 800 })
        #expect(scene.scrollThumb != nil)
        #expect(scene.count == "100 books")
    }

    @Test("a resize keeps the selected book in view")
    func resize() {
        let shelf = Self.shelf((1...60).map { Self.book("Book \($0)") })
        shelf.handle(.key(.end, shift: false), at: 0)
        shelf.handle(.resize(Size(width: 400, height: 500)), at: 10)
        let cover = shelf.grid.cover(59, scroll: shelf.scroll)
        #expect(cover.minY >= ShelfGrid.headingHeight && cover.maxY <= 500)
    }
}

@Suite("The shelf's grid")
struct ShelfGridTests {
    @Test("columns fill the width, covers 2 : 3, never narrower than the least or wider than the most")
    func columns() {
        for width in stride(from: 200.0, through: 3000, by: 37) {
            let grid = ShelfGrid(size: Size(width: width, height: 900))
            #expect(grid.coverWidth <= 200)
            #expect(grid.coverHeight == (grid.coverWidth * 1.5).rounded())
            let right = grid.cover(grid.columns - 1, scroll: 0).maxX
            #expect(grid.left >= 0 && right <= width)
            if grid.columns > 1 { #expect(grid.coverWidth >= 120) }
        }
    }

    @Test("every book in view is hit where its cover is drawn")
    func hits() {
        let grid = ShelfGrid(size: Size(width: 900, height: 700))
        for scroll in [0.0, 130, 455] {
            for index in grid.visible(count: 50, scroll: scroll) {
                let c = grid.cover(index, scroll: scroll)
                guard (c.y + c.height / 2) > ShelfGrid.headingHeight else { continue }
                #expect(grid.book(at: Point(x: (c.x + c.width / 2), y: (c.y + c.height / 2)), count: 50, scroll: scroll) == index)
            }
        }
    }
}
