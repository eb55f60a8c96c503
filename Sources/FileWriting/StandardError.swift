import SystemPackage

/// Standard error, written as it is: a message, a progress line.
public enum StandardError {
    /// Writes `text` (UTF-8) whole (swift-system's `writeAll`: partial writes continued, a
    /// write a signal cut short retried); a closed or full standard error loses the text, as
    /// a message there has nowhere else to go.
    public static func write(_ text: String) {
        _ = try? FileDescriptor.standardError.writeAll(text.utf8)
    }
}
