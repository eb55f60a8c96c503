/// A folder option (`--state-dir`, `--cache-dir`) given an empty name: refused rather than
/// taken as the current folder, where PageTurn's files would land among the user's.
enum FolderOption {
    static func check(_ value: String?, _ option: String) throws {
        if let value, value.allSatisfy(\.isWhitespace) { throw UserError("\(option) needs a folder name") }
    }
}
