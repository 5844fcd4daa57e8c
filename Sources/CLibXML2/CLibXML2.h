// libxml2 for Swift: the XML reader for feeds and the HTML parser for the markup inside them.
#ifndef CLIBXML2_H
#define CLIBXML2_H

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#endif
