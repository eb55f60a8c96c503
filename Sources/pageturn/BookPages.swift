import Pagination

/// Paginates a book for commands that only need its page count (`simulate --book`), with
/// the default font and the `book` preset on a page of the given size.
enum BookPages {
    static func count(path: String, width: Int, height: Int) throws -> Int {
        var options = try LayoutOptions.parse([])
        options.width = Float(width)
        options.height = Float(height)
        let settings = try options.validatedSettings()
        let decoded = try BookLoading.load(path: path, encoding: nil)
        let fonts = try FontChoice.load(options)
        let text = BookText(decoded: decoded)
        return Paginator(text: text, settings: settings.fitted(to: text, advances: fonts.advances), advances: fonts.advances,
                         shaper: fonts.shaper).paginate().pageCount
    }
}
