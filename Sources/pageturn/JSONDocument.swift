import Foundation

/// The command line's JSON documents (`paginate --json`, `layout --json`, `read`'s summary,
/// the lab's `--report --json` counts and `--sweep --json` rows): `Encodable` values written
/// by Foundation's encoder, on one line, keys sorted (the same value always prints the same
/// bytes), slashes as they are. `simulate`'s streaming JSON lines have their own writer
/// (`JSONLine`), one line per event as it happens.
enum JSONDocument {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every value written here is made of strings, whole numbers and finite numbers.
        guard let data = try? encoder.encode(value) else { preconditionFailure("a JSON document that cannot be encoded") }
        return String(decoding: data, as: UTF8.self)
    }
}
