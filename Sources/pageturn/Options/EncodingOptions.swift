import ArgumentParser

/// The encoding of a book's file, when detection gets it wrong (`paginate`, `read`, `render`).
struct EncodingOptions: ParsableArguments {
    @Option(help: "The book's encoding, when detection gets it wrong (utf-8, gbk, big5, shift_jis, euc-jp, …).")
    var encoding: String?
}
