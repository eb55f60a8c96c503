@testable import Pagination

extension DocumentStructure {
    /// The structure written as the book cache writes it and read back for `text` (nil: refused).
    func roundTripped(text: BookText) -> DocumentStructure? {
        var out = BinaryWriter()
        archive(into: &out)
        return out.withUnsafeBytes { raw in
            var input = BinaryReader(bytes: raw)
            return DocumentStructure.unarchive(from: &input, text: text)
        }
    }
}
