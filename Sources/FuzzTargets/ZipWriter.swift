import CZlib

/// Writes ZIP archives in memory, for the EPUB harness's seeds and the tests that make small
/// EPUBs (and broken ones) of their own: each entry stored or deflated (zlib), with its
/// CRC-32, local header and central directory record (APPNOTE 6.3.x, no ZIP64).
public struct ZipWriter {
    public enum Method { case stored, deflated }

    private var local: [UInt8] = []
    private var central: [UInt8] = []
    private var count = 0

    public init() {}

    /// Adds an entry. `statedSize` replaces the uncompressed size the headers give (to lie, as
    /// a hostile archive does).
    public mutating func add(_ name: String, _ data: [UInt8], method: Method = .deflated, statedSize: Int? = nil) {
        let crc = data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        let body: [UInt8]
        switch method {
        case .stored: body = data
        case .deflated: body = Self.deflate(data)
        }
        let nameBytes = Array(name.utf8)
        let offset = local.count
        let methodCode: UInt16 = method == .stored ? 0 : 8
        let size = UInt32(statedSize ?? data.count)
        func header(_ out: inout [UInt8], central: Bool) {
            out += Self.le32(central ? 0x0201_4B50 : 0x0403_4B50)
            if central { out += Self.le16(20) }  // made by
            out += Self.le16(20)  // needed to extract
            out += Self.le16(0x0800)  // flags: the name is UTF-8
            out += Self.le16(methodCode)
            out += Self.le16(0) + Self.le16(0x21)  // time, date
            out += Self.le32(crc) + Self.le32(UInt32(body.count)) + Self.le32(size)
            out += Self.le16(UInt16(nameBytes.count)) + Self.le16(0)  // name, extra
            if central {
                out += Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le32(0)  // comment, disk, attributes
                out += Self.le32(UInt32(offset))
            }
            out += nameBytes
        }
        header(&local, central: false)
        local += body
        header(&central, central: true)
        count += 1
    }

    /// Adds `text` as an entry.
    public mutating func add(_ name: String, _ text: String, method: Method = .deflated) {
        add(name, Array(text.utf8), method: method)
    }

    /// The archive's bytes.
    public var bytes: [UInt8] {
        var out = local + central
        out += Self.le32(0x0605_4B50) + Self.le16(0) + Self.le16(0)
        out += Self.le16(UInt16(count)) + Self.le16(UInt16(count))
        out += Self.le32(UInt32(central.count)) + Self.le32(UInt32(local.count)) + Self.le16(0)
        return out
    }

    /// Raw deflate (RFC 1951): zlib's stream without its 2-byte header and 4-byte checksum.
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = data.withUnsafeBufferPointer { source in
            compress2(&out, &length, source.baseAddress, uLong(source.count), 9)
        }
        precondition(status == Z_OK)
        return Array(out[2..<(Int(length) - 4)])
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
}
