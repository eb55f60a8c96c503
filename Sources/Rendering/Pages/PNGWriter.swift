import CZlib
import FileWriting
import FoundationEssentials
@preconcurrency import Glibc

/// Encodes 8-bit RGB images as PNG: signature, IHDR, one zlib-compressed IDAT, IEND.
///
/// Each scanline takes the filter (None, Sub, Up, Average or Paeth) whose output has the
/// smallest sum of absolute values, the usual heuristic; zlib does the deflating and the CRCs.
public enum PNGWriter {
    /// A PNG file of `width` × `height` pixels given as 0xAARRGGBB words, row by row
    /// (alpha is dropped: frames are opaque).
    public static func encode(argb pixels: [UInt32], width: Int, height: Int, level: Int32 = 6) -> [UInt8] {
        precondition(width > 0 && height > 0 && pixels.count >= width * height, "bad image size")
        let stride = width * 3
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var previous = [UInt8](repeating: 0, count: stride)
        var row = [UInt8](repeating: 0, count: stride)
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixels[y * width + x]
                row[3 * x] = UInt8(truncatingIfNeeded: p >> 16)
                row[3 * x + 1] = UInt8(truncatingIfNeeded: p >> 8)
                row[3 * x + 2] = UInt8(truncatingIfNeeded: p)
            }
            var bestFilter: UInt8 = 0
            var bestScore = Int.max
            for filter in UInt8(0)...4 {
                let score = apply(filter: filter, row: row, previous: previous, into: &candidate)
                if score < bestScore {
                    bestScore = score
                    bestFilter = filter
                    swap(&best, &candidate)
                }
            }
            let base = y * (stride + 1)
            raw[base] = bestFilter
            raw.withUnsafeMutableBufferPointer { out in
                best.withUnsafeBufferPointer { src in
                    _ = memcpy(out.baseAddress! + base + 1, src.baseAddress!, stride)
                }
            }
            swap(&previous, &row)
        }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, 2, 0, 0, 0]  // 8 bits per sample, RGB, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", deflate(raw, level: level), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Writes the PNG of `frame` to `path` as `OutputFile` writes (`-` is standard output).
    public static func write(_ frame: Frame, to path: String) throws(OutputError) {
        try OutputFile.write(Data(encode(argb: frame.pixels, width: frame.width, height: frame.height)), to: path)
    }

    /// Writes `frame` as the file `name` in `folder`, replacing whatever entry is there
    /// (`OutputFile.writeEntry`: never through a link).
    public static func write(_ frame: Frame, named name: String, in folder: String) throws(OutputError) {
        try OutputFile.writeEntry(Data(encode(argb: frame.pixels, width: frame.width, height: frame.height)), named: name,
                                  in: folder)
    }

    /// Filters one scanline (3 bytes per pixel) and returns the sum of |signed bytes|.
    private static func apply(filter: UInt8, row: [UInt8], previous: [UInt8], into out: inout [UInt8]) -> Int {
        let n = row.count
        var score = 0
        row.withUnsafeBufferPointer { r in
            previous.withUnsafeBufferPointer { up in
                out.withUnsafeMutableBufferPointer { o in
                    for i in 0..<n {
                        let a: UInt8 = i >= 3 ? r[i - 3] : 0
                        let b = up[i]
                        let c: UInt8 = i >= 3 ? up[i - 3] : 0
                        let predictor: UInt8
                        switch filter {
                        case 0: predictor = 0
                        case 1: predictor = a
                        case 2: predictor = b
                        case 3: predictor = UInt8((Int(a) + Int(b)) / 2)
                        default: predictor = paeth(a, b, c)
                        }
                        let v = r[i] &- predictor
                        o[i] = v
                        score += v < 128 ? Int(v) : 256 - Int(v)
                    }
                }
            }
        }
        return score
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    private static func deflate(_ data: [UInt8], level: Int32) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { d in
                compress2(o.baseAddress, &length, d.baseAddress, uLong(d.count), level)
            }
        }
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        out.removeSubrange(Int(length)...)
        return out
    }

    private static func appendChunk(_ type: String, _ body: [UInt8], to png: inout [UInt8]) {
        appendBigEndian(UInt32(body.count), to: &png)
        let typed = Array(type.utf8) + body
        png += typed
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(UInt32(crc), to: &png)
    }

    private static func appendBigEndian(_ v: UInt32, to out: inout [UInt8]) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
}
