import ArgumentParser
import Foundation
import Pagination

/// `pageturn bench`: what `make bench` runs (temporary version).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "Times pagination of every corpus book.")

    @Option(help: "Folder of .txt books.") var corpus: String = "../shared/corpus"

    func run() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".txt") && !$0.contains("gbk") }.sorted()
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: corpus + "/" + file))
            let text = BookText(String(decoding: data, as: UTF8.self))
            let settings = LayoutSettings(preset: .plain)
            let table = AdvanceTable.monospaced(pixelSize: 18, narrow: 9, wide: 18)
            var best = Double.infinity
            var pages = 0
            for _ in 0..<5 {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let map = Paginator(text: text, settings: settings, advances: table).paginate()
                let t1 = DispatchTime.now().uptimeNanoseconds
                best = min(best, Double(t1 - t0) / 1e6)
                pages = map.pageCount
            }
            let t0 = DispatchTime.now().uptimeNanoseconds
            let t = BookText(normalizedUTF8: text.utf8)
            let t1 = DispatchTime.now().uptimeNanoseconds
            let slice = Paginator(text: t, settings: LayoutSettings(), advances: table).page(at: t.scalarCount / 2)
            let t2 = DispatchTime.now().uptimeNanoseconds
            print("\(file): \(text.scalarCount) chars, \(pages) pages, \(String(format: "%.2f", best)) ms, \(String(format: "%.1f", Double(text.scalarCount) / best / 1000)) M chars/s; index \(Double(t1 - t0) / 1e6) ms, middle page \(Double(t2 - t1) / 1e6) ms \(slice.range)")
        }
    }
}
