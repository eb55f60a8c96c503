import FoundationEssentials
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Keeps a cache folder bounded: the files of one kind, newest first (by modification time,
/// which a cache refreshes when it uses a file: `touch`), within a count and a size, and no
/// temporary file (`AtomicFile`'s `NAME.tmp-PID-N`) left by a process that was killed while
/// writing.
public enum CacheFolder {
    /// Removes the oldest of the cache's files (the names `isCacheFile` accepts: only its own,
    /// as the folder may be one the user named) until at most `count` remain and they hold at
    /// most `bytes` together (the newest is always kept), and the temporary files of such
    /// files whose writers no longer run or that are over a day old. Failures are ignored: a
    /// cache that cannot be pruned is still a cache.
    public static func prune(_ folder: URL, keepingAtMost count: Int, bytes: Int64, isCacheFile: (String) -> Bool) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { return }
        var files: [(path: String, date: Date, size: Int64)] = []
        let now = Date()
        for name in names {
            let path = folder.appendingPathComponent(name).path
            guard let attributes = try? fm.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let date = attributes[.modificationDate] as? Date ?? .distantPast
            if let (base, writer) = temporaryWriter(name) {
                if isCacheFile(base) && (!isRunning(writer) || now.timeIntervalSince(date) > 86_400) {
                    try? fm.removeItem(atPath: path)
                }
                continue
            }
            guard isCacheFile(name) else { continue }
            files.append((path, date, Self.int64(attributes[.size])))
        }
        var total: Int64 = 0
        for (k, file) in files.sorted(by: { $0.date > $1.date }).enumerated() {
            total += file.size
            if k > 0 && (k >= count || total > bytes) { try? fm.removeItem(atPath: file.path) }
        }
    }

    /// Marks the file at `path` as just used (its modification time now), so pruning keeps it.
    public static func touch(_ path: String) {
        _ = utimensat(AT_FDCWD, path, nil, 0)
    }

    /// The file an `AtomicFile` temporary file (`NAME.tmp-PID-N`) was for, and its writer's
    /// process id; nil for another name.
    static func temporaryWriter(_ name: String) -> (base: String, pid: pid_t)? {
        guard let range = name.ranges(of: ".tmp-").last else { return nil }
        let parts = name[range.upperBound...].split(separator: "-")
        guard parts.count == 2, let pid = pid_t(parts[0]), UInt32(parts[1]) != nil, pid > 0 else { return nil }
        return (String(name[..<range.lowerBound]), pid)
    }

    /// A file size as `FileManager` gives it (an unsigned or signed integer), else 0.
    static func int64(_ value: Any?) -> Int64 {
        switch value {
        case let v as Int: Int64(v)
        case let v as UInt: Int64(clamping: v)
        case let v as Int64: v
        case let v as UInt64: Int64(clamping: v)
        default: 0
        }
    }

    /// Whether a process with this id runs (one of another user's counts as running).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
