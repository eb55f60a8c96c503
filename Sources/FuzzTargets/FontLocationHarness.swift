import FileWriting
import Fonts
import Foundation

/// Reads font-location cache files (`FontLocationCache.parse(_:state:)`), the file every
/// command reads first to find the book faces without asking fontconfig. The first byte
/// chooses how the rest is used:
///
/// - even: the rest is the file as found on disk. Whatever the reader accepts must name an
///   absolute path of a regular file (never a FIFO or a device, which would hang or be read
///   for ever) and a face index from 0; and what it read, written again by the real writer,
///   must read back the same;
/// - odd: the rest names real files (made in a scratch folder), a face index and a family,
///   which the real writer writes; the reader must give them back, or the writer refuse them.
enum FontLocationHarness {
    static let state = "fontconfig 2.14 /etc/fonts (fuzz)"

    static func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        guard let mode = bytes.first else { return }
        let payload = Array(bytes.dropFirst())
        if mode & 1 == 0 {
            guard let faces = FontLocationCache.parse(String(decoding: payload, as: UTF8.self), state: state) else { return }
            for location in [faces.text, faces.cjk].compactMap({ $0 }) {
                try expect(location.path.hasPrefix("/") && CacheFile.isRegularFile(location.path) && location.faceIndex >= 0,
                           "font locations: accepted \(location)")
            }
            guard let again = FontLocationCache.render(faces, state: state) else {
                throw FuzzFinding("font locations: what was read cannot be written again")
            }
            try expect(FontLocationCache.parse(again, state: state) == faces, "font locations: written again, read back differently")
        } else {
            let folder = FuzzScratch.newFolder("font-locations")
            defer { try? FileManager.default.removeItem(at: folder) }
            let index = Int(payload.first ?? 0)
            let family = String(decoding: payload.dropFirst(), as: UTF8.self)
            let path = folder.appendingPathComponent("face \(payload.count).ttf").path
            guard FileManager.default.createFile(atPath: path, contents: Data(payload)) else { return }
            let written = FontLocationCache.Faces(text: FontLocation(path: path, faceIndex: index, family: family), cjk: nil)
            guard let text = FontLocationCache.render(written, state: state) else { return }  // a family it cannot write on a line
            try expect(FontLocationCache.parse(text, state: state) == written, "font locations: the writer's file read back differently")
        }
    }

    static var seeds: [(name: String, bytes: [UInt8])] {
        let file = "pageturn font locations 2\nstate \(state)\ntext 0\t0\tNoto Serif\t/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf\ncjk -\n"
        return [("stale", [0] + Array(file.utf8)),
                ("device", [0] + Array(file.replacingOccurrences(of: "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf", with: "/dev/zero").utf8)),
                ("written", [1, 2] + Array("Noto Serif".utf8))]
    }
}
