/*
 * xml_quiet.h — run libxml2 without letting it print.
 *
 * libxml2 reports a parser error through the parser context (silenced by
 * XML_PARSE_NOERROR / XML_PARSE_NOWARNING, or igraph's own SAX callbacks),
 * but an encoding error (an ISO-2022-JP document with bytes that do not
 * convert, "encoding error : input conversion failed ...", "I/O error :
 * encoder error") is raised without a context and goes to the generic error
 * function, which prints on standard error. A library must not print, so
 * every libxml2 parse of the library (the GraphML checks and igraph's
 * GraphML reader, the SimGrid file check and wifi rates) runs between rmi_xml_quiet_begin()
 * and rmi_xml_quiet_end(), which install a generic error function that
 * drops the text (the parse still fails and the reader reports it) and
 * restore the caller's afterwards.
 *
 * libxml2 2.9 has no per-context handler for these errors
 * (xmlCtxtSetErrorHandler comes with 2.13); its generic error function is
 * per thread (libxml2's global state is thread-local in a threaded build),
 * so begin/end change the calling thread's only and leave no state behind.
 * The structured handler (xmlSetStructuredErrorFunc) is not used: it would
 * take precedence over igraph's SAX error callbacks and hide igraph's
 * parse errors from igraph. Thread-safe. O(1).
 */
#ifndef RM_TOPO_XML_QUIET_H
#define RM_TOPO_XML_QUIET_H

#include <libxml/parser.h>
#include <libxml/xmlerror.h>

/** The calling thread's generic error function, restored by _end. */
typedef struct rm_xml_quiet {
    xmlGenericErrorFunc func;
    void *ctx;
} rm_xml_quiet;

void rmi_xml_quiet_begin(rm_xml_quiet *q);
void rmi_xml_quiet_end(const rm_xml_quiet *q);

/** xmlReadFile(path) without network access, entity substitution, or any
 *  printing; NULL if the file is not well-formed XML. The caller frees with
 *  xmlFreeDoc. Thread-safe. O(size of the file). */
xmlDoc *rmi_xml_read_quiet(const char *path);

#endif
