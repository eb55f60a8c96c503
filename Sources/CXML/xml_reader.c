#include "xml_reader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// libxml2's functions, looked up once (`load`, under pthread_once).
static struct {
    xmlDocPtr (*read_memory)(const char *, int, const char *, const char *, int);
    htmlDocPtr (*html_read_memory)(const char *, int, const char *, const char *, int);
    void (*free_doc)(xmlDocPtr);
    xmlNodePtr (*doc_get_root_element)(const xmlDoc *);
    xmlErrorPtr (*get_last_error)(void);
    void (*reset_last_error)(void);
    void (*set_structured_error_func)(void *, xmlStructuredErrorFunc);
    void (*set_generic_error_func)(void *, xmlGenericErrorFunc);
    long (*get_line_no)(const xmlNode *);
    const htmlEntityDesc *(*html_entity_lookup)(const xmlChar *);
    xmlBufferPtr (*buffer_create)(void);
    void (*buffer_free)(xmlBufferPtr);
    int (*node_dump)(xmlBufferPtr, xmlDocPtr, xmlNodePtr, int, int);
    const xmlChar *(*buffer_content)(const xmlBuffer *);
    int (*buffer_length)(const xmlBuffer *);
    int loaded;
} lib;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void quiet(void *context, const char *format, ...) {
    (void)context;
    (void)format;
}

static void load(void) {
    void *handle = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return;
#define LOOK(field, name) if (!(*(void **)&lib.field = dlsym(handle, #name))) return;
    LOOK(read_memory, xmlReadMemory)
    LOOK(html_read_memory, htmlReadMemory)
    LOOK(free_doc, xmlFreeDoc)
    LOOK(doc_get_root_element, xmlDocGetRootElement)
    LOOK(get_last_error, xmlGetLastError)
    LOOK(reset_last_error, xmlResetLastError)
    LOOK(set_structured_error_func, xmlSetStructuredErrorFunc)
    LOOK(set_generic_error_func, xmlSetGenericErrorFunc)
    LOOK(get_line_no, xmlGetLineNo)
    LOOK(html_entity_lookup, htmlEntityLookup)
    LOOK(buffer_create, xmlBufferCreate)
    LOOK(buffer_free, xmlBufferFree)
    LOOK(node_dump, xmlNodeDump)
    LOOK(buffer_content, xmlBufferContent)
    LOOK(buffer_length, xmlBufferLength)
#undef LOOK
    lib.loaded = 1;
}

int pt_xml_available(void) {
    pthread_once(&once, load);
    return lib.loaded;
}

static void say(char *message, size_t size, const char *text) {
    if (size == 0) return;
    snprintf(message, size, "%s", text ? text : "not XML");
    // One line is wanted: libxml2's messages end in a line feed, and some go on to a second
    // line quoting the input's bytes.
    char *feed = strchr(message, '\n');
    if (feed) *feed = 0;
    size_t n = strlen(message);
    while (n > 0 && (message[n - 1] == ' ' || message[n - 1] == '\r')) message[--n] = 0;
}

pt_xml_document *pt_xml_parse(const char *bytes, int length, int html_fallback, int *recovered, char *message,
                              size_t message_size) {
    *recovered = 0;
    if (!pt_xml_available()) {
        say(message, message_size, "libxml2 (libxml2) is not installed");
        return NULL;
    }
    // Errors are read back through xmlGetLastError (thread-local), never printed.
    lib.set_generic_error_func(NULL, quiet);
    lib.set_structured_error_func(NULL, NULL);
    lib.reset_last_error();
    const int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
    xmlDocPtr document = lib.read_memory(bytes, length, NULL, NULL, options);
    xmlErrorPtr error = lib.get_last_error();
    if (document) {
        // Well-formed XML but not namespace-well-formed (`<p::p>`, an unbound prefix): libxml2
        // keeps the tree and records the error; the document is an error in the book all the same.
        if (error && error->domain == XML_FROM_NAMESPACE && error->level >= XML_ERR_ERROR) {
            say(message, message_size, error->message);
            *recovered = 1;
        }
        return (pt_xml_document *)document;
    }
    say(message, message_size, error ? error->message : NULL);
    if (!html_fallback) return NULL;
    const int html_options = HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_RECOVER;
    document = lib.html_read_memory(bytes, length, NULL, NULL, html_options);
    if (document) *recovered = 1;
    return (pt_xml_document *)document;
}

unsigned pt_xml_html_entity(const char *name) {
    if (!pt_xml_available()) return 0;
    const htmlEntityDesc *entity = lib.html_entity_lookup((const xmlChar *)name);
    return entity ? entity->value : 0;
}

void pt_xml_free(pt_xml_document *document) {
    if (document) lib.free_doc((xmlDocPtr)document);
}

pt_xml_node *pt_xml_root(pt_xml_document *document) {
    return (pt_xml_node *)lib.doc_get_root_element((xmlDocPtr)document);
}

int pt_xml_kind(const pt_xml_node *node) { return (int)((const xmlNode *)node)->type; }

const char *pt_xml_name(const pt_xml_node *node) {
    const xmlNode *n = (const xmlNode *)node;
    return (n->type == XML_ELEMENT_NODE || n->type == XML_ENTITY_REF_NODE) && n->name ? (const char *)n->name : "";
}

const char *pt_xml_namespace(const pt_xml_node *node) {
    const xmlNode *n = (const xmlNode *)node;
    return n->type == XML_ELEMENT_NODE && n->ns ? (const char *)n->ns->href : NULL;
}

const char *pt_xml_text(const pt_xml_node *node) {
    const xmlNode *n = (const xmlNode *)node;
    return n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE ? (const char *)n->content : NULL;
}

pt_xml_node *pt_xml_first_child(const pt_xml_node *node) {
    const xmlNode *n = (const xmlNode *)node;
    return n->type == XML_ELEMENT_NODE ? (pt_xml_node *)n->children : NULL;
}

pt_xml_node *pt_xml_next(const pt_xml_node *node) { return (pt_xml_node *)((const xmlNode *)node)->next; }

long pt_xml_line(const pt_xml_node *node) { return lib.get_line_no((const xmlNode *)node); }

void pt_xml_set_mark(pt_xml_node *node, long mark) { ((xmlNode *)node)->_private = (void *)(intptr_t)mark; }

long pt_xml_mark(const pt_xml_node *node) { return (long)(intptr_t)((const xmlNode *)node)->_private; }

pt_xml_attribute *pt_xml_first_attribute(const pt_xml_node *node) {
    const xmlNode *n = (const xmlNode *)node;
    return n->type == XML_ELEMENT_NODE ? (pt_xml_attribute *)n->properties : NULL;
}

pt_xml_attribute *pt_xml_next_attribute(const pt_xml_attribute *attribute) {
    return (pt_xml_attribute *)((const xmlAttr *)attribute)->next;
}

const char *pt_xml_attribute_name(const pt_xml_attribute *attribute) {
    const xmlAttr *a = (const xmlAttr *)attribute;
    return a->name ? (const char *)a->name : "";
}

const char *pt_xml_attribute_namespace(const pt_xml_attribute *attribute) {
    const xmlAttr *a = (const xmlAttr *)attribute;
    return a->ns ? (const char *)a->ns->href : NULL;
}

const char *pt_xml_language(const pt_xml_node *node) {
    static const char xml_namespace[] = "http://www.w3.org/XML/1998/namespace";
    const char *plain = NULL;
    for (const xmlAttr *a = ((const xmlNode *)node)->properties; a; a = a->next) {
        if (!a->name || strcmp((const char *)a->name, "lang") != 0) continue;
        const char *value = pt_xml_attribute_value((const pt_xml_attribute *)a);
        if (a->ns && a->ns->href && strcmp((const char *)a->ns->href, xml_namespace) == 0) return value;
        if (!a->ns && !plain) plain = value;
    }
    return plain;
}

const char *pt_xml_attribute_value(const pt_xml_attribute *attribute) {
    const xmlAttr *a = (const xmlAttr *)attribute;
    // A parsed attribute's value is one text child (entities expanded); an empty one has none.
    if (!a->children) return "";
    return a->children->type == XML_TEXT_NODE && a->children->content ? (const char *)a->children->content : "";
}

char *pt_xml_serialize(const pt_xml_node *node, size_t limit, size_t *length) {
    *length = 0;
    if (!pt_xml_available()) return NULL;
    const xmlNode *n = (const xmlNode *)node;
    xmlBufferPtr buffer = lib.buffer_create();
    if (!buffer) return NULL;
    char *copy = NULL;
    if (lib.node_dump(buffer, n->doc, (xmlNodePtr)n, 0, 0) >= 0) {
        int size = lib.buffer_length(buffer);
        if (size > 0 && (size_t)size <= limit && (copy = malloc((size_t)size))) {
            memcpy(copy, lib.buffer_content(buffer), (size_t)size);
            *length = (size_t)size;
        }
    }
    lib.buffer_free(buffer);
    return copy;
}

void pt_xml_free_serialized(char *bytes) { free(bytes); }
