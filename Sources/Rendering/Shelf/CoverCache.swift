import FileWriting
import FoundationEssentials
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Covers decoded once, kept on disk (`$XDG_CACHE_HOME/pageturn/covers`), so that a shelf
/// opened again shows its covers without reading or decoding a single picture: each cover in
/// each box it is drawn in is a file of its pixels (fitted in the box, its proportions kept),
/// named by the book's path, its file's size and time and the box (a changed book, or a new
/// window size, is a new file). Private and written atomically, like the other caches; at most
/// `keptCovers` files and `keptBytes` bytes, the least recently used going first
/// (`CacheFolder.prune`, run by `prune()`).
///
/// A file is `PTCOVER1`, the width and height (32-bit little-endian), then the pixels
/// (0xAARRGGBB, 32-bit little-endian, row by row); one whose length is not exactly what its
/// header says is not read (`CacheFile.read`), and is written again.
struct CoverCache: Sendable {
    let folder: URL

    static let keptCovers = 2_000
    static let keptBytes: Int64 = 256 << 20
    static let magic: [UInt8] = Array("PTCOVER1".utf8)
    static let headerSize = 16
    /// Larger covers are not kept (4096 × 4096 pixels).
    static let largestPixelCount = 1 << 24

    /// The covers' folder in the cache folder `cache` (`$XDG_CACHE_HOME/pageturn` when nil).
    init(cache: URL?) {
        folder = (cache ?? UserFolders.cache().appendingPathComponent("pageturn")).appendingPathComponent("covers")
    }

    /// The file of the cover of the book at `path` fitted in a box of `width` × `height`
    /// pixels; nil when the book's file cannot be examined.
    func file(book path: String, width: Int, height: Int) -> String? {
        var info = stat()
        guard stat(path.fileSystemPath, &info) == 0 else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        func mix(_ bytes: some Sequence<UInt8>) { for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 } }
        mix(path.utf8)
        for value in [Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(width), Int64(height)] {
            withUnsafeBytes(of: value.littleEndian) { mix($0) }
        }
        let hex = String(hash, radix: 16)
        return folder.appendingPathComponent(String(repeating: "0", count: 16 - hex.count) + hex + ".cover").path
    }

    /// The cover kept in `file`, if it holds a sound one that fits a box of `width` × `height`.
    func load(_ file: String, fitting width: Int, _ height: Int) -> (pixels: [UInt32], width: Int, height: Int)? {
        var size = (0, 0)
        guard let bytes = CacheFile.read(file, headerSize: Self.headerSize, expectedSize: { header in
            guard header.count >= Self.headerSize, header.prefix(8).elementsEqual(Self.magic) else { return nil }
            let w = Int(header.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian)
            let h = Int(header.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian)
            guard w > 0, h > 0, w <= width, h <= height, w * h <= Self.largestPixelCount else { return nil }
            size = (w, h)
            return Self.headerSize + w * h * 4
        }) else { return nil }
        CacheFolder.touch(file)
        var pixels = [UInt32](repeating: 0, count: size.0 * size.1)
        pixels.withUnsafeMutableBytes { out in
            bytes.withUnsafeBytes { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[Self.headerSize...])) }
        }
        return (pixels.map { UInt32(littleEndian: $0) }, size.0, size.1)
    }

    /// Keeps `pixels` (`width` × `height`) in `file`. A cache that cannot be written is no
    /// reason to fail: the cover is decoded again next time.
    func store(_ pixels: [UInt32], width: Int, height: Int, in file: String) {
        guard width * height == pixels.count, pixels.count <= Self.largestPixelCount,
              PrivateFolder.make(folder.path) == 0 else { return }
        var data = Data(Self.magic)
        withUnsafeBytes(of: UInt32(width).littleEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(height).littleEndian) { data.append(contentsOf: $0) }
        pixels.map(\.littleEndian).withUnsafeBytes { data.append(contentsOf: $0) }
        try? AtomicFile.write(data, to: URL(fileURLWithPath: file))
    }

    /// Keeps the folder within its bounds (the least recently used covers go).
    func prune() {
        CacheFolder.prune(folder, keepingAtMost: Self.keptCovers, bytes: Self.keptBytes) { $0.hasSuffix(".cover") }
    }
}
