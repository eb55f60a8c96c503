import FileWriting
import Pagination
import PictureFiles
import SDLLoader

/// The book's pictures as pages draw them: each decoded once (SDL_image, loaded when the first
/// picture is drawn), scaled to the size in physical pixels a page shows it at
/// (`PictureScaling`) and kept, the least recently used dropped past `byteLimit`. A picture that
/// cannot be drawn (missing, damaged, not what it claims, too large) is said once on standard
/// error and drawn as a placeholder from then on.
final class PictureCache {
    struct Key: Hashable {
        var source: String
        var width: Int
        var height: Int
    }

    /// The most bytes of pixels kept: 96 MiB, about thirty full-page pictures on a 2× screen.
    let byteLimit: Int
    private var entries: [Key: (pixels: [UInt32], used: Int)] = [:]
    private var bytes = 0
    private var clock = 0
    /// Pictures that could not be drawn, with why.
    private(set) var failures: [String: String] = [:]
    /// Pictures decoded so far (for tests: a picture is decoded once).
    private(set) var decodedCount = 0

    init(byteLimit: Int = 96 << 20) { self.byteLimit = byteLimit }

    /// The pixels of `picture` at `width` × `height` (0xAARRGGBB, straight alpha), or nil when
    /// it cannot be drawn.
    func pixels(of picture: PlacedPicture, width: Int, height: Int, files: (any BookFiles)?) -> [UInt32]? {
        guard picture.isKnown, width > 0, height > 0, failures[picture.source] == nil else { return nil }
        let key = Key(source: picture.source, width: width, height: height)
        clock += 1
        if let kept = entries[key] {
            entries[key]?.used = clock
            return kept.pixels
        }
        guard let files else { return nil }
        let scaled: [UInt32]
        do throws(Failure) {
            scaled = try decode(picture.source, files: files, width: width, height: height)
        } catch {
            failures[picture.source] = error.reason
            StandardError.write("pageturn: warning: \(PrintableText.escaped(picture.source)): \(error.reason)\n")
            return nil
        }
        store(scaled, key: key)
        return scaled
    }

    private struct Failure: Error { let reason: String }

    /// The picture at `source` decoded and scaled to `width` × `height`.
    private func decode(_ source: String, files: any BookFiles, width: Int, height: Int) throws(Failure) -> [UInt32] {
        let data: [UInt8]
        do {
            data = try files.data(at: source)
        } catch {
            throw Failure(reason: "\(error)".split(separator: "\n").first.map(String.init) ?? "cannot be read")
        }
        guard let header = PictureHeader.read(Array(data.prefix(PictureHeader.bytesNeeded))) else {
            throw Failure(reason: "not a picture this reader draws (PNG, JPEG, GIF, WebP, SVG)")
        }
        guard Int64(header.width) * Int64(header.height) <= DocumentStructure.Picture.largestPixelCount else {
            throw Failure(reason: "claims \(header.width) × \(header.height) pixels, past the limit")
        }
        var pixels: UnsafeMutablePointer<UInt32>?
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let svg = header.format == .svg
        let status = data.withUnsafeBytes {
            pt_picture_decode($0.baseAddress, $0.count, svg ? 1 : 0, Int32(width), Int32(height),
                              DocumentStructure.Picture.largestPixelCount, &pixels, &w, &h, &message, message.count)
        }
        guard status == 0, let pixels else {
            throw Failure(reason: "cannot be decoded: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { pt_picture_free(pixels) }
        decodedCount += 1
        return PictureScaling.scaled(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h)), width: Int(w), height: Int(h),
                                     to: width, height)
    }

    private func store(_ pixels: [UInt32], key: Key) {
        let size = pixels.count * 4
        guard size <= byteLimit else { return }
        while bytes + size > byteLimit, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            bytes -= oldest.value.pixels.count * 4
            entries[oldest.key] = nil
        }
        entries[key] = (pixels, clock)
        bytes += size
    }
}
