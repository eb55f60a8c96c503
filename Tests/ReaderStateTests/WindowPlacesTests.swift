import Foundation
import Testing
@testable import ReaderState

@Suite("Where the window was, per display")
struct WindowPlacesTests {
    @Test("a place remembered for a display comes back for it alone, in a private file")
    func remember() throws {
        let scratch = ScratchDirectory()
        let file = WindowPlaces.file(in: scratch.url.appendingPathComponent("state"))
        let laptop = WindowPlaces.Place(x: 10, y: 20, width: 700, height: 900)
        let monitor = WindowPlaces.Place(x: 1200, y: 0, width: 1000, height: 1400)
        WindowPlaces.remember(laptop, on: "eDP-1 1920×1080", in: file)
        WindowPlaces.remember(monitor, on: "HDMI-1 3840×2160", in: file)
        let places = WindowPlaces.load(from: file)
        #expect(places.displays == ["eDP-1 1920×1080": laptop, "HDMI-1 3840×2160": monitor])
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Moved on the laptop: the monitor's place stays.
        WindowPlaces.remember(WindowPlaces.Place(x: 0, y: 0, width: 640, height: 800), on: "eDP-1 1920×1080", in: file)
        #expect(WindowPlaces.load(from: file).displays["HDMI-1 3840×2160"] == monitor)
    }

    @Test("a damaged, foreign or planted file is no places, and remembering replaces it")
    func hostile() throws {
        let scratch = ScratchDirectory()
        let file = scratch.url.appendingPathComponent("window.json")
        for content in ["{", "[]", "{\"format\": 2, \"displays\": {}}", "{\"format\":1,\"displays\":{\"d\":{\"x\":1,\"y\":1,\"width\":0,\"height\":5}}}",
                        "{\"format\":1,\"displays\":{\"d\":{\"x\":99999999999,\"y\":1,\"width\":500,\"height\":500}}}"] {
            try Data(content.utf8).write(to: file)
            #expect(WindowPlaces.load(from: file).displays.isEmpty, "\(content)")
        }
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/etc/hostname")
        #expect(WindowPlaces.load(from: file).displays.isEmpty)
        WindowPlaces.remember(WindowPlaces.Place(x: 1, y: 2, width: 300, height: 400), on: "d", in: file)
        #expect(WindowPlaces.load(from: file).displays["d"]?.width == 300)
        // The link was replaced, never written through.
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType == .typeRegular)
    }
}
