// Parsing XML and XHTML with Debian's libxml2, opened with dlopen the first time a book needs
// it (linked, libxml2 brings ICU's common library and its 30 MB of data, liblzma and libstdc++
// into every command's start). The tree is read through the accessors below; nothing of
// libxml2's headers reaches Swift.
//
// Safe for untrusted books: no network (XML_PARSE_NONET), no external DTD or entity is loaded
// and no entity is substituted from outside (neither XML_PARSE_NOENT nor XML_PARSE_DTDLOAD),
// libxml2's limits kept (no XML_PARSE_HUGE: 256 levels of nesting, bounded entity expansion).
#ifndef PAGETURN_XML_READER_H
#define PAGETURN_XML_READER_H
#include <stddef.h>

typedef struct pt_xml_document pt_xml_document;
typedef struct pt_xml_node pt_xml_node;
typedef struct pt_xml_attribute pt_xml_attribute;

// Whether libxml2.so.2 can be opened and has every function used here.
int pt_xml_available(void);

// Parses `length` bytes as XML (UTF-8 or UTF-16 by its BOM or declaration). With `html_fallback`,
// a document that is not well-formed is parsed again by libxml2's HTML parser, which recovers
// as browsers do; `*recovered` is then 1, as it is for XML that is not namespace-well-formed (an
// unbound prefix, `<p::p>`), whose tree libxml2 keeps: `message` says why. Returns NULL when
// neither gives a tree, with the first error in `message`.
pt_xml_document *pt_xml_parse(const char *bytes, int length, int html_fallback, int *recovered, char *message,
                              size_t message_size);

void pt_xml_free(pt_xml_document *document);

// The character HTML's named reference `name` stands for (`nbsp` → U+00A0), from libxml2's
// HTML entity table, or 0 for a name HTML does not define.
unsigned pt_xml_html_entity(const char *name);

// The root element, or NULL.
pt_xml_node *pt_xml_root(pt_xml_document *document);

// 1 for an element, 3 for text, 4 for CDATA, 5 for an entity reference, other values for the rest (comments,
// processing instructions, entity references: readers pass over them).
int pt_xml_kind(const pt_xml_node *node);
// An element's local name (as written; the HTML parser lowers it), or an entity reference's
// name (kind 5: an entity the parser did not expand, as `&nbsp;` in an XHTML file whose DTD is
// never loaded), or "".
const char *pt_xml_name(const pt_xml_node *node);
// An element's namespace URI, or NULL.
const char *pt_xml_namespace(const pt_xml_node *node);
// A text or CDATA node's characters (UTF-8), or NULL.
const char *pt_xml_text(const pt_xml_node *node);
pt_xml_node *pt_xml_first_child(const pt_xml_node *node);
pt_xml_node *pt_xml_next(const pt_xml_node *node);
// The line the node starts on in its document (0 when unknown).
long pt_xml_line(const pt_xml_node *node);
// A number the reader keeps on a node (libxml2's `_private`, which it leaves to the
// application): 0 until set.
void pt_xml_set_mark(pt_xml_node *node, long mark);
long pt_xml_mark(const pt_xml_node *node);

pt_xml_attribute *pt_xml_first_attribute(const pt_xml_node *node);
pt_xml_attribute *pt_xml_next_attribute(const pt_xml_attribute *attribute);
const char *pt_xml_attribute_name(const pt_xml_attribute *attribute);
// An attribute's namespace URI (the XML namespace for xml:lang), or NULL.
const char *pt_xml_attribute_namespace(const pt_xml_attribute *attribute);
// An attribute's value (its text children, entities already expanded by the parser), or NULL.
const char *pt_xml_attribute_value(const pt_xml_attribute *attribute);
/// The language an element sets: its `xml:lang`, else its `lang` (in no namespace), or NULL.
const char *pt_xml_language(const pt_xml_node *node);

// The markup of `node` and everything inside it, as libxml2 writes it (a malloc'd copy of
// `*length` bytes, freed with `pt_xml_free_serialized`), or NULL when it is longer than `limit`
// bytes or cannot be written.
char *pt_xml_serialize(const pt_xml_node *node, size_t limit, size_t *length);
void pt_xml_free_serialized(char *bytes);

#endif
