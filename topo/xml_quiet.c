/*
 * xml_quiet.c — libxml2 without printing (see xml_quiet.h).
 */
#include "topo/xml_quiet.h"

#include <libxml/globals.h>

/* Drop the text: the failed parse is reported by its caller. */
static void rm_xml_drop(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

void rmi_xml_quiet_begin(rm_xml_quiet *q)
{
    q->func = xmlGenericError; /* the calling thread's (libxml/globals.h) */
    q->ctx = xmlGenericErrorContext;
    xmlSetGenericErrorFunc(NULL, rm_xml_drop);
}

void rmi_xml_quiet_end(const rm_xml_quiet *q) { xmlSetGenericErrorFunc(q->ctx, q->func); }

xmlDoc *rmi_xml_read_quiet(const char *path)
{
    rm_xml_quiet q;
    rmi_xml_quiet_begin(&q);
    xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    rmi_xml_quiet_end(&q);
    return doc;
}
