import FoundationEssentials
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Moves a file that cannot be trusted out of the way, to `NAME.corrupt-YYYYMMDD-HHMMSS`
/// (local time), or `NAME.corrupt-YYYYMMDD-HHMMSS-2`, `-3`, … when that name is taken, so
/// nothing is ever overwritten and the user (or a later version) can still look at it.
enum CorruptFile {
    enum Outcome: Equatable {
        case success(URL)
        case failure(String)
    }

    static func moveAside(_ url: URL, at time: Date) -> Outcome {
        let stamp = timestamp(time)
        let folder = url.deletingLastPathComponent()
        for attempt in 1...1000 {
            let name = url.lastPathComponent + ".corrupt-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
            let target = folder.appendingPathComponent(name)
            // link() refuses to replace an existing name, so two readers cannot both claim it.
            if link(url.path, target.path) == 0 {
                unlink(url.path)
                return .success(target)
            }
            let error = errno
            if error == EEXIST { continue }
            if error == ENOENT { return .failure(String(cString: strerror(error))) }
            // Folders, and file systems without hard links: check the name, then rename.
            var info = stat()
            if lstat(target.path, &info) == 0 { continue }
            if rename(url.path, target.path) == 0 { return .success(target) }
            return .failure(String(cString: strerror(errno)))
        }
        return .failure("too many files already moved aside")
    }

    /// `YYYYMMDD-HHMMSS` in local time.
    static func timestamp(_ time: Date) -> String {
        var seconds = time_t(time.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)" + two(parts.tm_mon + 1) + two(parts.tm_mday) + "-"
            + two(parts.tm_hour) + two(parts.tm_min) + two(parts.tm_sec)
    }
}
