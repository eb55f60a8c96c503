import FoundationEssentials

/// The program's JSON, documents and streams alike (`paginate --json`, `layout --json`,
/// `read`'s summary, the lab's counts and sweeps, and `simulate`'s line for each event and
/// frame): `Encodable` values written by Foundation's encoder, on one line, keys sorted (the
/// same value always prints the same bytes), slashes as they are.
public enum JSONDocument {
    /// Why a value could not be written: a number JSON cannot hold (one that is not finite).
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// `value` as JSON; a value JSON cannot hold is refused in one line rather than written half.
    public static func encode(_ value: some Encodable) throws(Failure) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw Failure(description: "cannot write the JSON: a value it cannot hold (\(String(describing: error).prefix(120)))")
        }
    }

    /// A length or a time to a thousandth, as the JSON gives positions, a negative zero as 0 (a
    /// value that is not finite stays as it is, for `encode` to refuse).
    public static func thousandths(_ value: Double) -> Double {
        value.isFinite ? (value * 1000).rounded() / 1000 + 0 : value
    }
}
