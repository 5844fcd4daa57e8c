// libxml2 for Swift: the XML reader for feeds and the HTML parser for the markup inside them.
#ifndef CLIBXML2_H
#define CLIBXML2_H

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

#endif
