// libxml2 opened with dlopen on the first parse, and its functions reached through pointers
// looked up once (include/CLibXML2.h says why it is not linked).
#include "CLibXML2.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

// The functions the feed engine calls, looked up in libxml2.
struct functions {
  void (*init_parser)(void);
  xmlParserCtxtPtr (*create_memory_parser_ctxt)(const char *, int);
  int (*ctxt_use_options)(xmlParserCtxtPtr, int);
  int (*parse_document)(xmlParserCtxtPtr);
  void (*stop_parser)(xmlParserCtxtPtr);
  void (*free_parser_ctxt)(xmlParserCtxtPtr);
  xmlNodePtr (*doc_get_root_element)(const xmlDoc *);
  void (*free_doc)(xmlDocPtr);
  htmlDocPtr (*html_read_memory)(const char *, int, const char *, const char *, int);
};

static struct functions functions;

#define LOOK_UP(field, name)                                                                   \
  do {                                                                                         \
    *(void **)&table->field = dlsym(library, name);                                            \
    if (table->field == NULL) {                                                                \
      snprintf(error, size, "%s has no %s", file, name);                                       \
      dlclose(library);                                                                        \
      return 0;                                                                                \
    }                                                                                          \
  } while (0)

// Opens the library `file` and fills `table` with its functions: 1, or 0 with why in `error`.
static int open_library(const char *file, struct functions *table, char *error, size_t size) {
  void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(error, size, "%s", reason == NULL ? "cannot be opened" : reason);
    return 0;
  }
  LOOK_UP(init_parser, "xmlInitParser");
  LOOK_UP(create_memory_parser_ctxt, "xmlCreateMemoryParserCtxt");
  LOOK_UP(ctxt_use_options, "xmlCtxtUseOptions");
  LOOK_UP(parse_document, "xmlParseDocument");
  LOOK_UP(stop_parser, "xmlStopParser");
  LOOK_UP(free_parser_ctxt, "xmlFreeParserCtxt");
  LOOK_UP(doc_get_root_element, "xmlDocGetRootElement");
  LOOK_UP(free_doc, "xmlFreeDoc");
  LOOK_UP(html_read_memory, "htmlReadMemory");
  return 1;
}

// Why the load failed, or NULL once it worked.
static char load_error[512];
static const char *load_result = "libxml2 was not loaded";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  if (!open_library("libxml2.so.2", &functions, load_error, sizeof load_error)) {
    load_result = load_error;
    return;
  }
  // Set up once per process, before any thread parses.
  functions.init_parser();
  load_result = NULL;
}

const char *cxml_load(void) {
  pthread_once(&load_once, load);
  return load_result;
}

int cxml_check_library(const char *file, char *error, size_t size) {
  struct functions table;
  return open_library(file, &table, error, size);
}

// The wrappers: callable only once cxml_load returned NULL (the pointers are set then).
#define LOADED(field) (load_result == NULL && functions.field != NULL)

xmlParserCtxtPtr cxml_create_memory_parser_ctxt(const char *buffer, int size) {
  return LOADED(create_memory_parser_ctxt) ? functions.create_memory_parser_ctxt(buffer, size)
                                           : NULL;
}

int cxml_ctxt_use_options(xmlParserCtxtPtr context, int options) {
  return LOADED(ctxt_use_options) ? functions.ctxt_use_options(context, options) : -1;
}

int cxml_parse_document(xmlParserCtxtPtr context) {
  return LOADED(parse_document) ? functions.parse_document(context) : -1;
}

void cxml_stop_parser(xmlParserCtxtPtr context) {
  if (LOADED(stop_parser)) functions.stop_parser(context);
}

void cxml_free_parser_ctxt(xmlParserCtxtPtr context) {
  if (LOADED(free_parser_ctxt)) functions.free_parser_ctxt(context);
}

xmlNodePtr cxml_doc_get_root_element(const xmlDoc *document) {
  return LOADED(doc_get_root_element) ? functions.doc_get_root_element(document) : NULL;
}

void cxml_free_doc(xmlDocPtr document) {
  if (LOADED(free_doc)) functions.free_doc(document);
}

htmlDocPtr cxml_html_read_memory(const char *buffer, int size, const char *url,
                                 const char *encoding, int options) {
  return LOADED(html_read_memory) ? functions.html_read_memory(buffer, size, url, encoding, options)
                                  : NULL;
}
