import FileWriting
import FoundationEssentials

/// Where the reader's window was on each display when it was last closed, so that it opens
/// there again (a window moved to the left half of a wide screen stays there; on a laptop's
/// own screen it has the place it had there). Kept beside the reading states as `window.json`:
/// `{"format": 1, "displays": {"DISPLAY W×H": {"x", "y", "width", "height"}}}`, the display
/// named as SDL names it with its size, positions and sizes in the display's logical pixels.
/// Written atomically and privately; a file that cannot be read is no places at all.
public struct WindowPlaces: Codable, Sendable, Equatable {
    /// A window's place: its top-left corner and size.
    public struct Place: Codable, Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public var format = 1
    public var displays: [String: Place] = [:]

    /// More displays than this are not remembered (one of those kept makes room for a new one).
    static let mostDisplays = 32
    static let largestFile = 64 << 10

    public init() {}

    /// The file in the state folder `folder` (`$XDG_STATE_HOME/pageturn` when nil).
    public static func file(in folder: URL?) -> URL {
        (folder ?? UserFolders.state().appendingPathComponent("pageturn")).appendingPathComponent("window.json")
    }

    /// The places kept at `url`; none when there is no file or it cannot be trusted.
    public static func load(from url: URL) -> WindowPlaces {
        guard let bytes = CacheFile.read(url.path, limit: largestFile),
              let places = try? JSONDecoder().decode(WindowPlaces.self, from: Data(bytes)), places.format == 1 else {
            return WindowPlaces()
        }
        var sound = WindowPlaces()
        // Sizes a screen can have, corners within a few screens of the origin.
        let sides = 1...16_384, corners = -65_536...65_536
        for (display, place) in places.displays.prefix(mostDisplays)
        where sides.contains(place.width) && sides.contains(place.height) && corners.contains(place.x) && corners.contains(place.y) {
            sound.displays[display] = place
        }
        return sound
    }

    /// Remembers `place` for `display` and writes the file; a file that cannot be written is
    /// not worth an error (the window opens centred next time).
    public static func remember(_ place: Place, on display: String, in url: URL) {
        var places = load(from: url)
        if places.displays[display] == place { return }
        if places.displays[display] == nil && places.displays.count >= mostDisplays, let any = places.displays.keys.first {
            places.displays[any] = nil
        }
        places.displays[display] = place
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard PrivateFolder.make(url.deletingLastPathComponent().path) == 0, let data = try? encoder.encode(places) else { return }
        try? AtomicFile.write(data, to: url)
    }
}
