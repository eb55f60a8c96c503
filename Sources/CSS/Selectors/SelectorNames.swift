/// The names a cascade's selectors mention (element types, classes, ids, attribute names and
/// namespace URIs), each as a small number: an atom, as browser engines intern names, so that
/// matching compares integers and copies no string. An element's name that no selector
/// mentions has no atom (`unknown`), and no type, class or id selector can match it.
public struct SelectorNames: Sendable {
    private var atoms: [String: Int32] = [:]

    /// A name no selector mentions.
    static let unknown: Int32 = -1
    /// The namespace of an element or attribute in none (no URI, or the empty one).
    static let noNamespace: Int32 = -2
    /// A selector's namespace constraint that admits every namespace (`*|`).
    static let anyNamespace: Int32 = -3

    public init() {}

    /// The names' count: atoms are `0..<count`.
    var count: Int { atoms.count }

    /// The atom of `name`, made if it has none yet.
    mutating func intern(_ name: String) -> Int32 {
        if let atom = atoms[name] { return atom }
        let atom = Int32(atoms.count)
        atoms[name] = atom
        return atom
    }

    /// The atom of `name`, or `unknown`.
    func atom(_ name: String) -> Int32 { atoms[name] ?? Self.unknown }

    /// The atom of an element's namespace URI: `noNamespace` for none or the empty one.
    func namespaceAtom(_ uri: String?) -> Int32 {
        guard let uri, !uri.isEmpty else { return Self.noNamespace }
        return atom(uri)
    }

    /// A selector's namespace constraint as one number: `anyNamespace`, `noNamespace`, or the
    /// URI's atom. An element's namespace atom `e` is admitted when the two are equal or the
    /// constraint is `anyNamespace`.
    mutating func constraint(_ namespace: NamespaceConstraint) -> Int32 {
        switch namespace {
        case .any: Self.anyNamespace
        case .none: Self.noNamespace
        case .uri(let uri): uri.isEmpty ? Self.noNamespace : intern(uri)
        }
    }
}
