import CXML

/// The characters of HTML's named character references that books write in XHTML without
/// declaring them (an XHTML file's DTD is never loaded, so libxml2 leaves `&nbsp;` as a
/// reference): looked up in libxml2's own HTML entity table; a name HTML does not define is
/// shown as nothing.
enum HTMLEntities {
    static func text(named name: String) -> String? {
        let value = pt_xml_html_entity(name)
        guard value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return String(scalar)
    }
}
