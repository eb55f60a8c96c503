/// The characters `DocumentBuilder` looks at one by one.
extension DocumentBuilder {
    /// Whether `bytes` hold only U+3000 IDEOGRAPHIC SPACE (the typesetter's other blank) and
    /// the spaces between them.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x20 {
                i += 1
            } else if i + 3 <= bytes.count && bytes[i] == 0xE3 && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x80 {
                i += 3
            } else {
                return false
            }
        }
        return true
    }

    /// Whether a byte certainly starts an ordinary character: not white space or a control
    /// character, and not the lead byte of a C1 control or a byte order mark.
    static func startsOrdinaryRun(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0x7F && byte != 0xC2 && byte != 0xEF
    }
}
