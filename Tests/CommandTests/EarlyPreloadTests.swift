import Testing
@testable import pageturn

/// SDL and the GL driver start loading before the command line is parsed only when it asks
/// for a reader window on a display; a guess that would load them for nothing is a cost, one
/// that misses a window is a slower launch.
@Suite struct EarlyPreloadTests {
    let x11 = ["DISPLAY": ":0"]

    @Test func aReaderWindowOnADisplayPreloads() {
        #expect(EarlyPreload.wantsWindow(["read", "book.txt"], environment: x11))
        #expect(EarlyPreload.wantsWindow(["read", "book.txt"], environment: ["WAYLAND_DISPLAY": "wayland-0"]))
        #expect(EarlyPreload.wantsWindow(["read", "--script", "s.txt", "--window", "book.txt"], environment: x11))
    }

    @Test func noWindowNoDisplayOrNoGLDoesNot() {
        #expect(!EarlyPreload.wantsWindow(["read", "book.txt"], environment: [:]))
        #expect(!EarlyPreload.wantsWindow(["read", "book.txt"], environment: ["DISPLAY": ""]))
        #expect(!EarlyPreload.wantsWindow(["read", "--software", "book.txt"], environment: x11))
        #expect(!EarlyPreload.wantsWindow(["read", "--headless", "--script", "s.txt", "book.txt"], environment: x11))
        #expect(!EarlyPreload.wantsWindow(["read", "--script=s.txt", "book.txt"], environment: x11))
        #expect(!EarlyPreload.wantsWindow(["read", "--help"], environment: x11))
        #expect(!EarlyPreload.wantsWindow(["paginate", "book.txt"], environment: x11))
        #expect(!EarlyPreload.wantsWindow(["simulate", "book.txt"], environment: x11))
        #expect(!EarlyPreload.wantsWindow([], environment: x11))
    }
}
