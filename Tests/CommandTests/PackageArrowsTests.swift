import Foundation
import Testing

/// Package.swift's header states the module graph a newcomer reads first: every arrow in it
/// must exist, every dependency must be in it, and every module a source file imports must be
/// a dependency its target declares (not one it happens to reach through another).
@Suite("The module graph")
struct PackageArrowsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each source target's declared dependencies (targets and products), from Package.swift.
    static func targets(_ manifest: String) -> [String: Set<String>] {
        var targets: [String: Set<String>] = [:]
        for opening in [".target(", ".executableTarget("] {
            var rest = manifest[...]
            while let found = rest.range(of: opening) {
                let body = Self.balanced(rest[found.upperBound...])
                rest = rest[found.upperBound...]
                guard !body.contains("path: \"Tests/"), let name = Self.firstString(after: "name:", in: body) else { continue }
                var dependencies: Set<String> = []
                if let list = body.range(of: "dependencies:") {
                    let open = body[list.upperBound...].drop { $0 != "[" }
                    let items = Self.balanced(open.dropFirst(), closing: "]")
                    // Quoted names, except a product's package (`package: "swift-numerics"`).
                    let pattern = try! NSRegularExpression(pattern: #"(package:\s*)?"([^"]+)""#)
                    let text = String(items)
                    for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
                    where match.range(at: 1).location == NSNotFound {
                        dependencies.insert(String(text[Range(match.range(at: 2), in: text)!]))
                    }
                }
                targets[name] = dependencies
            }
        }
        return targets
    }

    /// The text up to the bracket that closes the one just before `text` starts.
    static func balanced(_ text: Substring, closing: Character = ")") -> Substring {
        let opening: Character = closing == ")" ? "(" : "["
        var depth = 1
        for index in text.indices {
            if text[index] == opening { depth += 1 }
            if text[index] == closing { depth -= 1 }
            if depth == 0 { return text[..<index] }
        }
        return text
    }

    static func firstString(after label: String, in text: Substring) -> String? {
        guard let at = text.range(of: label) else { return nil }
        let quoted = text[at.upperBound...].split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false)
        return quoted.count > 1 ? String(quoted[1]) : nil
    }

    /// The header's arrows: each module it names (several on one line, as "A, B, C →") with
    /// the words after its arrow, descriptions in parentheses left out.
    static func header(_ manifest: String) -> [String: Set<String>] {
        var entries: [(names: [String], text: String)] = []
        for line in manifest.split(separator: "\n") where line.hasPrefix("///   ") {
            if line.hasPrefix("///     ") {
                if !entries.isEmpty { entries[entries.count - 1].text += " " + line.dropFirst(8) }
            } else {
                let text = String(line.dropFirst(6))
                let head = text.components(separatedBy: "→")[0].replacingOccurrences(of: #"\([^()]*\)"#, with: "", options: .regularExpression)
                entries.append((head.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }, text))
            }
        }
        var arrows: [String: Set<String>] = [:]
        for entry in entries {
            var after = entry.text.components(separatedBy: "→").dropFirst().joined(separator: " ")
            while let range = after.range(of: #"\([^()]*\)"#, options: .regularExpression) { after.removeSubrange(range) }
            let words = Set(after.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
            for name in entry.names { arrows[name] = words }
        }
        return arrows
    }

    @Test("the header names every dependency of every target, and no arrow that does not exist")
    func headerMatchesTheTargets() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(manifest)
        let header = Self.header(manifest)
        #expect(targets.count >= 15, "the targets were read: \(targets.keys.sorted())")
        let known = Set(targets.keys).union(targets.values.flatMap { $0 })
        for (name, dependencies) in targets.sorted(by: { $0.key < $1.key }) {
            guard let words = header[name] else {
                Issue.record("the header has no line for \(name)")
                continue
            }
            for missing in dependencies.subtracting(words).sorted() { Issue.record("the header leaves out \(name) → \(missing)") }
            for extra in words.intersection(known).subtracting(dependencies).subtracting([name]).sorted() {
                Issue.record("the header says \(name) → \(extra), which Package.swift does not declare")
            }
        }
    }

    @Test("every module a source file imports is a dependency its target declares")
    func importsAreDeclared() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(manifest)
        let modules = Set(targets.keys).union(targets.values.flatMap { $0 })
        let sources = Self.root.appendingPathComponent("Sources")
        var checked = 0
        for (name, dependencies) in targets {
            let folder = sources.appendingPathComponent(name)
            guard let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }) else { continue }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                          words[..<at].allSatisfy({ $0.hasPrefix("@") || ["internal", "public", "private", "package"].contains($0) })
                    else { continue }
                    let imported = String(words[at + 1])
                    if modules.contains(imported) {
                        #expect(dependencies.contains(imported), "\(name)/\(file) imports \(imported), which \(name) does not declare")
                    }
                }
                checked += 1
            }
        }
        #expect(checked > 200, "the sources were read")
    }

    @Test("docs/modules.svg draws the arrows between the Swift modules that no other path implies")
    func pictureMatchesTheTargets() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(manifest)
        // The Swift modules: targets whose folder holds Swift (the C shims draw no box).
        let modules = Set(targets.keys.filter { name in
            let folder = Self.root.appendingPathComponent("Sources").appendingPathComponent(name).path
            return (FileManager.default.enumerator(atPath: folder)?.contains { ($0 as? String)?.hasSuffix(".swift") == true }) ?? false
        })
        let edges = Set(targets.flatMap { a, dependencies in dependencies.filter(modules.contains).map { "\(a) → \($0)" } })
        /// The modules `a` reaches without the arrow `edge`.
        func below(_ a: String, without edge: String) -> Set<String> {
            var seen: Set<String> = []
            var stack = Array((targets[a] ?? []).filter { modules.contains($0) && "\(a) → \($0)" != edge })
            while let n = stack.popLast() {
                guard seen.insert(n).inserted else { continue }
                stack += Array((targets[n] ?? []).filter { modules.contains($0) && !seen.contains($0) })
            }
            return seen
        }
        let reduced = Set(edges.filter { edge in
            let parts = edge.components(separatedBy: " → ")
            return !below(parts[0], without: edge).contains(parts[1])
        })
        let svg = try String(contentsOf: Self.root.appendingPathComponent("docs/modules.svg"), encoding: .utf8)
        let drawn = Set(svg.components(separatedBy: "<title>").dropFirst().map { $0.components(separatedBy: "</title>")[0] }
            .filter { $0.contains(" → ") })
        #expect(reduced.count > 10, "the arrows were read")
        #expect(drawn == reduced, "redraw it: swift package dump-package | python3 scripts/module_graph.py > docs/modules.svg")
        for module in modules { #expect(svg.contains(">\(module)</text>"), "\(module) has no box") }
    }
}

