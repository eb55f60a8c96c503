/// An error meant for the person at the terminal: printed as one line, exit status 1.
struct UserError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
