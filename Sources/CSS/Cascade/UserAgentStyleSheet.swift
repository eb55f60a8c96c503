/// The user-agent style sheet: HTML's rendering section (WHATWG HTML §15.3) for the elements
/// books use, as browsers and readers apply it before a book's own sheets.
public enum UserAgentStyleSheet {
    public static let text = """
        @namespace epub "http://www.idpf.org/2007/ops";
        html, body, div, p, section, article, aside, header, footer, main, nav, blockquote, figure, figcaption,
        address, hgroup, details, summary, center, dl, dd, dt, ol, ul, menu, pre, h1, h2, h3, h4, h5, h6, hr,
        table, caption, thead, tbody, tfoot, tr, td, th, legend, fieldset, dialog, search { display: block; }
        li { display: list-item; }
        table { display: table; }
        caption { display: table-caption; }
        thead, tbody, tfoot { display: table-row-group; }
        tr { display: table-row; }
        td, th { display: table-cell; padding: 1px; }
        col { display: table-column; }
        colgroup { display: table-column-group; }
        head, script, style, template, title, link, meta, base, [hidden], area, datalist, noembed, noframes,
        param, rp, source, track { display: none; }
        p, blockquote, figure, dl, ol, ul, menu, pre { margin-top: 1em; margin-bottom: 1em; }
        blockquote, figure { margin-left: 40px; margin-right: 40px; }
        figure { break-inside: avoid; }
        q::before { content: open-quote; }
        q::after { content: close-quote; }
        dd { margin-left: 40px; }
        ol, ul, menu { padding-left: 40px; }
        ol ol, ol ul, ul ol, ul ul { margin-top: 0; margin-bottom: 0; }
        ol { list-style-type: decimal; }
        ul ul { list-style-type: circle; }
        ul ul ul { list-style-type: square; }
        h1 { font-size: 2em; margin-top: 0.67em; margin-bottom: 0.67em; font-weight: bold; }
        h2 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; font-weight: bold; }
        h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; font-weight: bold; }
        h4 { margin-top: 1.33em; margin-bottom: 1.33em; font-weight: bold; }
        h5 { font-size: 0.83em; margin-top: 1.67em; margin-bottom: 1.67em; font-weight: bold; }
        h6 { font-size: 0.67em; margin-top: 2.33em; margin-bottom: 2.33em; font-weight: bold; }
        hr { margin-top: 0.5em; margin-bottom: 0.5em; border-top: 1px inset; }
        pre, listing, xmp, plaintext { white-space: pre; }
        code, kbd, listing, plaintext, pre, samp, tt, xmp { font-family: monospace; }
        em, i, cite, dfn, var, address { font-style: italic; }
        strong, b, th { font-weight: bolder; }
        small { font-size: smaller; }
        big { font-size: larger; }
        sup { vertical-align: super; font-size: smaller; }
        sub { vertical-align: sub; font-size: smaller; }
        u, ins { text-decoration: underline; }
        center, th, caption { text-align: center; }
        nobr { white-space: nowrap; }
        [dir="rtl"] { direction: rtl; }
        [dir="ltr"] { direction: ltr; }
        """

    /// The sheet, parsed once.
    public static let sheet = StyleSheet(text, media: MediaContext())
}
