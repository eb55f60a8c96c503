/// Labelled gestures counted by kind (`GestureOutcome.kind`, as `gestures synth --hands real`
/// names them: `drag+wobble+hesitation`): once under the kind itself (`drag`), and once under
/// each thing real hands added (`+wobble`), so a report shows how thresholds fare on each.
public enum KindTally {
    /// The kinds first, in the order first met, then what was added, each with its counts;
    /// empty when no gesture names its kind.
    public static func summaries(_ outcomes: [GestureOutcome]) -> [(name: String, summary: LabSummary)] {
        var kinds: [String: LabSummary] = [:], order: [String] = []
        var added: [String: LabSummary] = [:], addedOrder: [String] = []
        for o in outcomes {
            guard let kind = o.kind else { continue }
            let parts = kind.split(separator: "+").map(String.init)
            guard let base = parts.first else { continue }
            if kinds[base] == nil { order.append(base) }
            kinds[base, default: LabSummary()].add(o)
            for extra in parts.dropFirst() {
                let name = "+" + extra
                if added[name] == nil { addedOrder.append(name) }
                added[name, default: LabSummary()].add(o)
            }
        }
        return order.map { ($0, kinds[$0]!) } + addedOrder.map { ($0, added[$0]!) }
    }
}
