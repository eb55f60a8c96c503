import FoundationEssentials

/// The command line's JSON documents (`paginate --json`, `layout --json`, `read`'s summary,
/// the lab's `--report --json` counts and `--sweep --json` rows): `Encodable` values written
/// by Foundation's encoder, on one line, keys sorted (the same value always prints the same
/// bytes), slashes as they are. `simulate`'s streaming JSON lines have their own writer
/// (`JSONLine`), one line per event as it happens.
enum JSONDocument {
    /// `value` as JSON; a value JSON cannot hold (a number that is not finite) is refused in
    /// one line rather than written half.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw UserError("cannot write the JSON: a value it cannot hold (\(String(describing: error).prefix(120)))")
        }
    }
}
