#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `format` filled in as C's `printf` fills it (`%.1f`, `%04d`, `%X`, `%lld`…; no `%@`):
/// the numbers of a message, by `vsnprintf`.
func cFormat(_ format: String, _ arguments: any CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 256)
        // The list may be read once only: a longer text is formatted again with a fresh one.
        let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
        if needed < buffer.count { return String(decoding: buffer.prefix(max(needed, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return withVaList(arguments) { again in
            var larger = [CChar](repeating: 0, count: needed + 1)
            _ = vsnprintf(&larger, larger.count, format, again)
            return String(decoding: larger.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
