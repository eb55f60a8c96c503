import FoundationEssentials
import Library
import Reader

/// What `read` (and `make run`) does with no display: a short drag towards the next page (from
/// the left edge in a right-to-left book) at a few frames a second, drawn headlessly into PNG
/// files; no state is kept.
enum NoDisplayDemo {
    static func write(_ request: ReaderLaunch.Request, to folder: String) throws {
        let w = Double(request.width), h = Double(request.height)
        let rtl = request.start.preferences.progression.isRightToLeft
        func x(_ fraction: Double) -> Int { Int(w * (rtl ? 1 - fraction : fraction)) }
        let steps = (0...5).map { i in "move \(x(0.9 - 0.13 * Double(i))) \(Int(h * 0.55 + Double(i) * 6)) @\(100 + i * 80)" }
        let text = (["down \(x(0.92)) \(Int(h * 0.55)) @0"] + steps + ["up @520"]).joined(separator: "\n")
        var request = request
        request.start.backgroundLayout = false
        request.state = nil
        try ReaderRun.headless(request, places: ShelfListing.Places(folders: [], history: false)).play(script: try ReaderScript.parse(text), fps: 12, frames: folder)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.count) ?? 0
        print("wrote \(written) frames to \(folder)")
    }
}
