import Testing
@testable import Rendering

/// Xlib's compose cache goes to PageTurn's cache folder only where Xlib would use it and has
/// none yet: never over the user's own setting or `~/.compose-cache`, never for root.
@Suite struct ComposeCacheTests {
    func folder(_ env: [String: String], home: String? = "/home/ann", root: Bool = false,
                existing: Set<String> = []) -> String? {
        ComposeCache.folder(environment: env, home: home, isRoot: root, exists: { existing.contains($0) })
    }

    @Test func aUserWithoutACacheGetsOneInPageTurnsCacheFolder() {
        #expect(folder([:]) == "/home/ann/.cache/pageturn/compose")
        #expect(folder(["XDG_CACHE_HOME": "/var/tmp/ann"]) == "/var/tmp/ann/pageturn/compose")
        #expect(folder(["XDG_CACHE_HOME": ""]) == "/home/ann/.cache/pageturn/compose")
    }

    @Test func anExistingCacheRootOrNoHomeIsLeftAlone() {
        #expect(folder(["XCOMPOSECACHE": "/home/ann/.xc"]) == nil)
        #expect(folder([:], existing: ["/home/ann/.compose-cache"]) == nil)
        #expect(folder([:], root: true) == nil)
        #expect(folder([:], home: nil) == nil)
        #expect(folder([:], home: "") == nil)
    }
}
