import Dispatch
import FileWriting
import Pagination
import PictureFiles
import Synchronization
import WorkerThreads

/// The book's pictures as pages draw them: each decoded once (`PictureDecoder`), scaled to the
/// size in physical pixels a page shows it at, and kept, the least recently used dropped past
/// `byteLimit`. Pictures of the pages about to be shown are decoded ahead on a thread of their
/// own (`prefetch`), so the thread that composes pages and draws frames finds them ready; one
/// it asks for first is decoded there. A picture that cannot be drawn (missing, damaged, not
/// what it claims, too large) is said once on standard error and drawn as a placeholder from
/// then on.
final class PictureCache: Sendable {
    /// A picture at a size: its file and its pixel size.
    struct Key: Hashable, Sendable {
        var source: String
        var width: Int
        var height: Int
    }

    private struct State {
        var entries: [Key: (pixels: [UInt32], used: Int)] = [:]
        var bytes = 0
        var clock = 0
        /// Pictures that could not be drawn, with why.
        var failures: [String: String] = [:]
        /// Decodes asked for and not done, in order, and each one's waiters.
        var queue: [(key: Key, files: any BookFiles)] = []
        var pending: [Key: DispatchGroup] = [:]
        var decoding = false
        /// Pictures decoded so far.
        var decoded = 0
    }

    /// The most bytes of pixels kept: 96 MiB, about thirty full-page pictures on a 2× screen.
    let byteLimit: Int
    private let state = Mutex(State())

    init(byteLimit: Int = 96 << 20) { self.byteLimit = byteLimit }

    /// How many pictures have been decoded (a picture is decoded once a size).
    var decodedCount: Int { state.withLock { $0.decoded } }

    /// The key of `picture` drawn at `scale` physical pixels a point: its rectangle rounded
    /// out to whole pixels, as the page draws it.
    static func key(of picture: PlacedPicture, scale: Float) -> Key {
        Key(source: picture.source, width: max(1, Int((picture.width * scale).rounded())),
            height: max(1, Int((picture.height * scale).rounded())))
    }

    /// Starts decoding the pictures of `placed` at `scale` that are not kept, on the decoding
    /// thread, in order.
    func prefetch(_ placed: [PlacedPicture], scale: Float, files: (any BookFiles)?) {
        guard let files else { return }
        let start = state.withLock { s -> Bool in
            for picture in placed where picture.isKnown && s.failures[picture.source] == nil {
                let key = Self.key(of: picture, scale: scale)
                guard s.entries[key] == nil, s.pending[key] == nil else { continue }
                let group = DispatchGroup()
                group.enter()
                s.pending[key] = group
                s.queue.append((key, files))
            }
            guard !s.decoding, !s.queue.isEmpty else { return false }
            s.decoding = true
            return true
        }
        if start { WorkerThread.start { [self] in decodeQueue() } }
    }

    /// The pixels of `picture` at `key`'s size (0xAARRGGBB, straight alpha), or nil when it
    /// cannot be drawn: kept, or waited for when it is being decoded ahead, else decoded here.
    func pixels(of picture: PlacedPicture, key: Key, files: (any BookFiles)?) -> [UInt32]? {
        guard picture.isKnown else { return nil }
        enum Found { case kept([UInt32]), failed, waiting(DispatchGroup), queued(DispatchGroup), missing }
        let found = state.withLock { s -> Found in
            if s.failures[key.source] != nil { return .failed }
            s.clock += 1
            if s.entries[key] != nil {
                s.entries[key]?.used = s.clock
                return .kept(s.entries[key]!.pixels)
            }
            if let group = s.pending[key] {
                // Not started yet: taken off the queue and decoded here, not waited for behind
                // the pictures queued before it.
                if let queued = s.queue.firstIndex(where: { $0.key == key }) {
                    s.queue.remove(at: queued)
                    s.pending[key] = nil
                    return .queued(group)
                }
                return .waiting(group)
            }
            return .missing
        }
        switch found {
        case .kept(let pixels): return pixels
        case .failed: return nil
        case .waiting(let group):
            group.wait()
        case .queued(let group):
            if let files { decode(key, files: files) }
            group.leave()
        case .missing:
            break
        }
        // Decoded (here or ahead), or dropped again already by pictures stored since: then
        // decoded now, so that a page never keeps a placeholder for a picture that can be drawn.
        if let pixels = state.withLock({ $0.entries[key]?.pixels }) { return pixels }
        guard let files else { return nil }
        return decode(key, files: files)
    }

    /// The decoding thread's loop: takes the queue's decodes in order until it is empty.
    private func decodeQueue() {
        while let job = state.withLock({ s -> (key: Key, files: any BookFiles)? in
            guard !s.queue.isEmpty else {
                s.decoding = false
                return nil
            }
            return s.queue.removeFirst()
        }) {
            decode(job.key, files: job.files)
            let group = state.withLock { $0.pending.removeValue(forKey: job.key) }
            group?.leave()
        }
    }

    /// Decodes and scales the picture at `key` and keeps it, or notes why it cannot be drawn;
    /// returns the pixels decoded (nil when kept already, or it cannot be drawn).
    @discardableResult
    private func decode(_ key: Key, files: any BookFiles) -> [UInt32]? {
        guard state.withLock({ $0.failures[key.source] == nil && $0.entries[key] == nil }) else { return nil }
        switch PictureDecoder.decode(key.source, files: files, width: key.width, height: key.height) {
        case .success(let pixels):
            store(pixels, key: key)
            return pixels
        case .failure(let failure):
            let first = state.withLock { s -> Bool in
                defer { s.failures[key.source] = failure.reason }
                return s.failures[key.source] == nil
            }
            if first {
                let name = DocumentStructure.Picture.name(ofSource: key.source)
                StandardError.write("pageturn: warning: \(PrintableText.escaped(name)): \(failure.reason)\n")
            }
            return nil
        }
    }

    private func store(_ pixels: [UInt32], key: Key) {
        let size = pixels.count * 4
        state.withLock { s in
            s.decoded += 1
            guard size <= byteLimit else { return }
            while s.bytes + size > byteLimit, let oldest = s.entries.min(by: { $0.value.used < $1.value.used }) {
                s.bytes -= oldest.value.pixels.count * 4
                s.entries[oldest.key] = nil
            }
            s.clock += 1
            s.entries[key] = (pixels, s.clock)
            s.bytes += size
        }
    }
}
