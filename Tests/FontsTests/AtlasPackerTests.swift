import Testing
@testable import Fonts

@Suite struct AtlasPackerTests {
    /// A deterministic generator (SplitMix64), so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    struct Placed: Equatable {
        var x, y, width, height: Int
        func overlaps(_ other: Placed) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    @Test func allocationsNeverOverlapThroughFreesAndGrowth() {
        var packer = ShelfPacker(width: 128, height: 128)
        var random = Random(state: 7)
        var placed: [Placed] = []
        for step in 0..<4000 {
            if step == 1500 { packer.grow(width: 256, height: 128) }
            if step == 2500 { packer.grow(width: 256, height: 300) }
            if !placed.isEmpty, random.next(3) == 0 {
                let victim = placed.remove(at: random.next(placed.count))
                packer.free(x: victim.x, y: victim.y, width: victim.width)
                continue
            }
            let width = 2 + random.next(30), height = 2 + random.next(random.next(4) == 0 ? 60 : 24)
            guard let spot = packer.allocate(width: width, height: height) else { continue }
            let new = Placed(x: spot.x, y: spot.y, width: width, height: height)
            #expect(new.x >= 0 && new.y >= 0 && new.x + width <= packer.width && new.y + height <= packer.height)
            #expect(!placed.contains { $0.overlaps(new) }, "step \(step): \(new)")
            placed.append(new)
        }
        #expect(placed.count > 20)
        // Freeing everything gives the whole area back as one band.
        for rect in placed { packer.free(x: rect.x, y: rect.y, width: rect.width) }
        #expect(packer.shelves.isEmpty)
        #expect(packer.bands == [ShelfPacker.Run(start: 0, length: packer.height)])
        #expect(packer.allocate(width: packer.width, height: packer.height) != nil)
    }

    @Test func freedSpansAreReusedInPlace() {
        var packer = ShelfPacker(width: 100, height: 30)
        let spots = (0..<4).compactMap { _ in packer.allocate(width: 25, height: 24) }
        #expect(spots.map(\.x) == [0, 25, 50, 75])
        #expect(packer.allocate(width: 25, height: 24) == nil)
        packer.free(x: 25, y: 0, width: 25)
        packer.free(x: 50, y: 0, width: 25)
        let wide = packer.allocate(width: 50, height: 20)
        #expect(wide?.x == 25 && wide?.y == 0)
    }

    @Test func refusesWhatCannotFit() {
        var packer = ShelfPacker(width: 10, height: 10)
        #expect(packer.allocate(width: 11, height: 1) == nil)
        #expect(packer.allocate(width: 1, height: 11) == nil)
        #expect(packer.allocate(width: 0, height: 5) == nil)
        var empty = ShelfPacker(width: 0, height: 0)
        #expect(empty.allocate(width: 1, height: 1) == nil)
    }
}
