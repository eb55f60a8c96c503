import FileWriting

/// An error meant for the person at the terminal: printed as one line, exit status 1. What it
/// quotes (paths, option values, a script's words) has its control characters escaped here,
/// once: the errors it is made from quote what they quote as it was.
struct UserError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = PrintableText.escaped(description) }
}

/// A failure already told on standard error as it happened (a save that failed mid-run): the
/// command ends with exit status 1 and prints nothing more, so the failure stays one line.
struct AlreadyReported: Error {}
