// libxml2 for Swift, loaded on first use: the XML reader for feeds and the HTML parser for the
// markup inside them.
//
// libxml2 is not linked: linking it made every start of the demo load it and what it links (ICU,
// liblzma, zlib), feeds or not. Its headers give the types and constants (include/libxml is a
// link to the system's /usr/include/libxml2/libxml, which libxml2-dev installs, so that no
// pkg-config flag links the library); each function the feed engine calls goes through a
// cxml_ wrapper in CLibXML2.c, which opens libxml2.so.2 with dlopen the first time a feed is
// parsed and looks the function up. A machine without libxml2 fails that parse with
// cxml_load_error's line, and nothing else.
#ifndef CLIBXML2_H
#define CLIBXML2_H

#include <stddef.h>

#include <libxml/xmlversion.h>

// Debian's libxml2 is built with ICU, and libxml/encoding.h then includes the system's
// <unicode/ucnv.h>, whose types clash with the ICU inside Foundation (_FoundationICU) in any
// module that imports both ("'UErrorCode' has different definitions in different modules").
// ICU only adds two fields to the end of xmlCharEncodingHandler, a structure this module never
// reads or embeds (libxml2 still converts encodings with ICU inside), so it is left out here.
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// Opens libxml2 (once per process; later calls return at once) and calls xmlInitParser.
// Returns NULL once it is loaded, else why it could not be (dlerror's line, or the missing
// function): the parse is then refused with that line.
const char *cxml_load(void);

// Whether the library `file` (a name dlopen takes) could serve as libxml2: 1, or 0 with the
// reason in `error`. For tests: the app loads libxml2.so.2 through cxml_load.
int cxml_check_library(const char *file, char *error, size_t size);

// libxml2's functions of the same names without the prefix. Each does nothing, or returns NULL
// or -1, while libxml2 is not loaded: call cxml_load first.
xmlParserCtxtPtr cxml_create_memory_parser_ctxt(const char *buffer, int size);
int cxml_ctxt_use_options(xmlParserCtxtPtr context, int options);
int cxml_parse_document(xmlParserCtxtPtr context);
void cxml_stop_parser(xmlParserCtxtPtr context);
void cxml_free_parser_ctxt(xmlParserCtxtPtr context);
xmlNodePtr cxml_doc_get_root_element(const xmlDoc *document);
void cxml_free_doc(xmlDocPtr document);
htmlDocPtr cxml_html_read_memory(const char *buffer, int size, const char *url,
                                 const char *encoding, int options);

#endif
