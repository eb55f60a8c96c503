/// The characters of HTML's named character references that books write in XHTML without
/// declaring them (an XHTML file's DTD is never loaded, so libxml2 leaves `&nbsp;` as a
/// reference): the common ones of HTML's list (WHATWG HTML §13.5), the rest shown as nothing.
enum HTMLEntities {
    static func text(named name: String) -> String? { table[name] }

    private static let table: [String: String] = [
        "nbsp": "\u{A0}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "hairsp": "\u{200A}",
        "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}", "shy": "\u{AD}",
        "ndash": "\u{2013}", "mdash": "\u{2014}", "horbar": "\u{2015}", "hellip": "\u{2026}",
        "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
        "bdquo": "\u{201E}", "laquo": "\u{AB}", "raquo": "\u{BB}", "lsaquo": "\u{2039}", "rsaquo": "\u{203A}",
        "bull": "\u{2022}", "middot": "\u{B7}", "dagger": "\u{2020}", "Dagger": "\u{2021}", "para": "\u{B6}",
        "sect": "\u{A7}", "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}", "deg": "\u{B0}",
        "times": "\u{D7}", "divide": "\u{F7}", "minus": "\u{2212}", "plusmn": "\u{B1}", "frac12": "\u{BD}",
        "frac14": "\u{BC}", "frac34": "\u{BE}", "prime": "\u{2032}", "Prime": "\u{2033}", "pound": "\u{A3}",
        "euro": "\u{20AC}", "cent": "\u{A2}", "yen": "\u{A5}", "iexcl": "\u{A1}", "iquest": "\u{BF}",
        "agrave": "\u{E0}", "aacute": "\u{E1}", "acirc": "\u{E2}", "atilde": "\u{E3}", "auml": "\u{E4}",
        "aring": "\u{E5}", "aelig": "\u{E6}", "ccedil": "\u{E7}", "egrave": "\u{E8}", "eacute": "\u{E9}",
        "ecirc": "\u{EA}", "euml": "\u{EB}", "igrave": "\u{EC}", "iacute": "\u{ED}", "icirc": "\u{EE}",
        "iuml": "\u{EF}", "ntilde": "\u{F1}", "ograve": "\u{F2}", "oacute": "\u{F3}", "ocirc": "\u{F4}",
        "otilde": "\u{F5}", "ouml": "\u{F6}", "oslash": "\u{F8}", "ugrave": "\u{F9}", "uacute": "\u{FA}",
        "ucirc": "\u{FB}", "uuml": "\u{FC}", "yacute": "\u{FD}", "yuml": "\u{FF}", "szlig": "\u{DF}",
        "Agrave": "\u{C0}", "Aacute": "\u{C1}", "Acirc": "\u{C2}", "Auml": "\u{C4}", "Aring": "\u{C5}",
        "AElig": "\u{C6}", "Ccedil": "\u{C7}", "Egrave": "\u{C8}", "Eacute": "\u{C9}", "Ecirc": "\u{CA}",
        "Ntilde": "\u{D1}", "Oacute": "\u{D3}", "Ouml": "\u{D6}", "Oslash": "\u{D8}", "Uacute": "\u{DA}",
        "Uuml": "\u{DC}", "oelig": "\u{153}", "OElig": "\u{152}",
    ]
}
