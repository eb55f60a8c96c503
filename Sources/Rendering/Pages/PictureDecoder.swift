import Pagination
import PictureFiles
import SDLLoader

/// A picture file of a book decoded into pixels at a size: read through the book's files,
/// its header checked (`PictureHeader`: a known format, within the pixel limit) before any
/// decoder sees it, decoded by SDL_image or, for SVG, drawn by librsvg at that size
/// (`SDLLoader/PictureDecoding.c`), and scaled (`PictureScaling`). Safe on any thread.
enum PictureDecoder {
    /// Why a picture cannot be drawn, in words (one line).
    struct Failure: Error {
        let reason: String
    }

    /// The picture at `source`, `width` × `height` pixels (0xAARRGGBB, straight alpha).
    static func decode(_ source: String, files: any BookFiles, width: Int, height: Int) -> Result<[UInt32], Failure> {
        let data: [UInt8]
        do {
            data = try files.data(at: source)
        } catch {
            return .failure(Failure(reason: "\(error)".split(separator: "\n").first.map(String.init) ?? "cannot be read"))
        }
        guard let header = PictureHeader.read(Array(data.prefix(PictureHeader.bytesNeeded))) else {
            return .failure(Failure(reason: "not a picture this reader draws (PNG, JPEG, GIF, WebP, SVG)"))
        }
        let limit = DocumentStructure.Picture.largestPixelCount
        guard header.format == .svg || Int64(header.width) * Int64(header.height) <= limit else {
            return .failure(Failure(reason: "claims \(header.width) × \(header.height) pixels, past the limit"))
        }
        var pixels: UnsafeMutablePointer<UInt32>?
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let svg = header.format == .svg
        let status = data.withUnsafeBytes {
            pt_picture_decode($0.baseAddress, $0.count, svg ? 1 : 0, Int32(clamping: width), Int32(clamping: height), limit,
                              &pixels, &w, &h, &message, message.count)
        }
        guard status == 0, let pixels else {
            let why = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(Failure(reason: "cannot be decoded: " + why))
        }
        defer { pt_picture_free(pixels) }
        return .success(PictureScaling.scaled(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h)), width: Int(w),
                                              height: Int(h), to: width, height))
    }
}
