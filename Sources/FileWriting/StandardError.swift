#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Standard error, written with `write(2)` as it is: a message, a progress line.
public enum StandardError {
    /// Writes `text` (UTF-8) whole, retrying a write a signal cut short; a closed or full
    /// standard error loses the text, as a message there has nowhere else to go.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(2, buffer.baseAddress! + done, buffer.count - done)
                if n > 0 {
                    done += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
