/*
 * sg_vet.c — a SimGrid platform file is data, never configuration or code
 * (topo/io/sg_vet.h). SimGrid 3.32's loader applies every <config><prop>
 * of a platform file as if given on its command line (tracing/filename
 * creates or truncates any file, path changes where it looks for files,
 * plugin loads code) and dlopen()s a platform whose name ends in .so: the
 * file is read here with libxml2 first, and SimGrid is given only XML whose
 * configuration keys are on a short list.
 */
#define _POSIX_C_SOURCE 200809L
#include "topo/io/sg_vet.h"
#include "topo/xml_quiet.h"

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The keys a platform file may set (exact names, no alias): model choices
 * and their numeric parameters. Everything else (tracing/..., path, plugin,
 * smpi/..., model-check/..., contexts/..., debug/..., exception/...,
 * cmonkey/..., ns3/..., storage and disk models, ...) is refused. */
static const char *const allowed_keys[] = {
    "network/model",         "network/TCP-gamma",   "network/latency-factor",
    "network/bandwidth-factor", "network/weight-S", "network/crosstraffic",
    "network/loopback-bw",   "network/loopback-lat", "host/model",
    "cpu/model",
};

int rmi_sg_config_allowed(const char *key)
{
    if (!key)
        return 0;
    for (size_t i = 0; i < sizeof allowed_keys / sizeof allowed_keys[0]; i++)
        if (!strcmp(key, allowed_keys[i]))
            return 1;
    return 0;
}

/* A key or value shown in a message: printable ASCII, the rest as \xHH,
 * cut at about 80 characters. */
static void shown_text(const char *s, char *out, size_t n)
{
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)s; p && *p && o + 8 < n; p++) {
        if (o > 80) {
            snprintf(out + o, n - o, "...");
            return;
        }
        if (*p >= 0x20 && *p < 0x7f && *p != '\\')
            out[o++] = (char)*p;
        else
            o += (size_t)snprintf(out + o, n - o, "\\x%02x", *p);
    }
    out[o] = '\0';
}

static int value_ok(const char *v)
{
    size_t len = strlen(v);
    if (len > 255)
        return 0;
    for (const char *p = v; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              strchr("._:;+-", *p)))
            return 0;
    return 1;
}

static int encoding_ok(const char *enc)
{
    return !enc || !strcasecmp(enc, "UTF-8") || !strcasecmp(enc, "UTF8") ||
           !strcasecmp(enc, "US-ASCII") || !strcasecmp(enc, "ASCII") ||
           !strcasecmp(enc, "ISO-8859-1") || !strcasecmp(enc, "ISO_8859-1") ||
           !strcasecmp(enc, "latin1");
}

/* The state of the SAX walk: libxml2's SAX1 interface (qualified names,
 * no namespaces, no tree: memory bounded), as SimGrid's parser sees
 * elements. */
typedef struct vet {
    xmlParserCtxtPtr ctxt;
    const char *shown;
    rm_error *err;
    rm_status st;
    int depth, config_depth, seen_root;
} vet;

static int vet_line(const vet *v)
{
    return v->ctxt && v->ctxt->input ? v->ctxt->input->line : 0;
}

static void vet_stop(vet *v)
{
    xmlStopParser(v->ctxt);
}

/* libxml2's errors, kept (never printed): the first one that is not
 * benign refuses the file. Benign: what SimGrid's own XML parser takes and
 * libxml2 (in recovery) reads through the same way — "--" inside a
 * comment, and the names with a colon of version 1-3 files (<link:ctn>,
 * converted before SimGrid loads them), plain names without namespaces. */
static void vet_on_error(void *ctx, const char *fmt, ...)
{
    (void)fmt;
    vet *v = ctx;
    if (v->st)
        return;
    const xmlError *e = xmlCtxtGetLastError(v->ctxt);
    if (e && (e->level < XML_ERR_ERROR || e->code == XML_ERR_HYPHEN_IN_COMMENT ||
              e->domain == XML_FROM_NAMESPACE))
        return;
    char msg[300];
    shown_text(e && e->message ? e->message : "error", msg, sizeof msg);
    size_t l = strlen(msg); /* libxml2's messages end with a newline, escaped */
    if (l >= 4 && !strcmp(msg + l - 4, "\\x0a"))
        msg[l - 4] = '\0';
    v->st = rm_error_set(v->err, RM_EINPUT,
                         "%s: line %d: not well-formed XML (libxml2: %s); SimGrid is given "
                         "well-formed XML platform files only",
                         v->shown, e ? e->line : vet_line(v), msg);
    vet_stop(v);
}

/* Any declaration of the DOCTYPE's internal subset. */
static void vet_declaration(vet *v)
{
    if (v->st)
        return;
    v->st = rm_error_set(v->err, RM_EINPUT,
                         "%s: line %d: the DOCTYPE has an internal subset (<!ENTITY ...>, "
                         "<!ELEMENT ...>): SimGrid reads no declarations",
                         v->shown, vet_line(v));
    vet_stop(v);
}
static void vet_entity_decl(void *ctx, const xmlChar *name, int type, const xmlChar *publicId,
                            const xmlChar *systemId, xmlChar *content)
{
    (void)name, (void)type, (void)publicId, (void)systemId, (void)content;
    vet_declaration(ctx);
}
static void vet_element_decl(void *ctx, const xmlChar *name, int type, xmlElementContentPtr c)
{
    (void)name, (void)type, (void)c;
    vet_declaration(ctx);
}
static void vet_attribute_decl(void *ctx, const xmlChar *elem, const xmlChar *fullname, int type,
                               int def, const xmlChar *defaultValue, xmlEnumerationPtr tree)
{
    (void)elem, (void)fullname, (void)type, (void)def, (void)defaultValue;
    xmlFreeEnumeration(tree); /* the handler owns it */
    vet_declaration(ctx);
}
static void vet_notation_decl(void *ctx, const xmlChar *name, const xmlChar *publicId,
                              const xmlChar *systemId)
{
    (void)name, (void)publicId, (void)systemId;
    vet_declaration(ctx);
}
static void vet_reference(void *ctx, const xmlChar *name)
{
    vet *v = ctx;
    if (v->st)
        return;
    char n[100];
    shown_text((const char *)name, n, sizeof n);
    v->st = rm_error_set(v->err, RM_EINPUT,
                         "%s: line %d: an entity reference (&%s;): SimGrid reads no entity "
                         "declarations",
                         v->shown, vet_line(v), n);
    vet_stop(v);
}

static const char *vet_attr(const xmlChar **atts, const char *name)
{
    for (int i = 0; atts && atts[i]; i += 2)
        if (!strcmp((const char *)atts[i], name))
            return atts[i + 1] ? (const char *)atts[i + 1] : "";
    return NULL;
}

static void vet_start(void *ctx, const xmlChar *xname, const xmlChar **atts)
{
    vet *v = ctx;
    const char *name = (const char *)xname;
    int depth = v->depth++;
    if (v->st)
        return;
    int line = vet_line(v);
    if (!v->seen_root) {
        v->seen_root = 1;
        const char *enc = (const char *)v->ctxt->encoding;
        char e[100];
        if (!encoding_ok(enc)) {
            shown_text(enc, e, sizeof e);
            v->st = rm_error_set(v->err, RM_EINPUT,
                                 "%s: encoding \"%s\": SimGrid reads UTF-8 (or ASCII) platform "
                                 "files only",
                                 v->shown, e);
        } else if (strcmp(name, "platform") != 0) {
            shown_text(name, e, sizeof e);
            v->st = rm_error_set(v->err, RM_EINPUT,
                                 "%s: line %d: root element <%s>, not <platform>: not a "
                                 "SimGrid platform file",
                                 v->shown, line, e);
        }
        if (v->st) {
            vet_stop(v);
            return;
        }
    }
    if (!strcmp(name, "config")) {
        if (v->config_depth < 0)
            v->config_depth = depth;
        return;
    }
    if (v->config_depth < 0 || strcmp(name, "prop") != 0)
        return;
    const char *id = vet_attr(atts, "id"), *val = vet_attr(atts, "value");
    char k[100], sv[100];
    shown_text(id ? id : "", k, sizeof k);
    shown_text(val ? val : "", sv, sizeof sv);
    if (!id || !rmi_sg_config_allowed(id))
        v->st = rm_error_set(
            v->err, RM_EINPUT,
            "%s: line %d: <config> <prop id=\"%s\">: a SimGrid configuration key that a "
            "platform file may not set (it could write files, load code or change where SimGrid "
            "looks for files: a platform is data); allowed: network/model, network/TCP-gamma, "
            "network/latency-factor, network/bandwidth-factor, network/weight-S, "
            "network/crosstraffic, network/loopback-bw, network/loopback-lat, host/model, "
            "cpu/model; remove it (SimGrid's options go on its own command line, --cfg=KEY:VALUE)",
            v->shown, line, k);
    else if (!val || !value_ok(val))
        v->st = rm_error_set(v->err, RM_EINPUT,
                             "%s: line %d: <config> <prop id=\"%s\" value=\"%s\">: the value "
                             "must be a model name or numbers (letters, digits, \". _ : ; + -\", "
                             "at most 255 characters)",
                             v->shown, line, k, sv);
    if (v->st)
        vet_stop(v);
}

static void vet_end(void *ctx, const xmlChar *name)
{
    (void)name;
    vet *v = ctx;
    v->depth--;
    if (v->config_depth >= 0 && v->depth == v->config_depth)
        v->config_depth = -1;
}

rm_status rmi_sg_vet(const unsigned char *buf, size_t n, const char *shown, rm_error *err)
{
    /* a document: '<' first (after a UTF-8 byte-order mark and white space);
     * a shared object, a Lua script, a UTF-16 file are not */
    size_t at = 0;
    if (n >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF)
        at = 3;
    while (at < n && (buf[at] == ' ' || buf[at] == '\t' || buf[at] == '\r' || buf[at] == '\n'))
        at++;
    if (at >= n || buf[at] != '<')
        return rm_error_set(err, RM_EINPUT,
                            "%s: not an XML document (a SimGrid platform file is XML, in UTF-8; "
                            "ringmap gives SimGrid nothing else to load)",
                            shown);
    if (n > (size_t)0x7fffffff)
        return rm_error_set(err, RM_ELIMIT, "%s: too large for the XML reader", shown);
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax); /* SAX1: qualified names, no tree */
    sax.startElement = vet_start;
    sax.endElement = vet_end;
    sax.reference = vet_reference;
    sax.entityDecl = vet_entity_decl;
    sax.elementDecl = vet_element_decl;
    sax.attributeDecl = vet_attribute_decl;
    sax.notationDecl = vet_notation_decl;
    sax.warning = NULL;
    sax.error = vet_on_error;
    sax.fatalError = vet_on_error;
    vet v = {NULL, shown, err, RM_OK, 0, -1, 0};
    xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt((const char *)buf, (int)n);
    if (!ctxt)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory (XML parser)", shown);
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_RECOVER);
    if (ctxt->sax != (xmlSAXHandlerPtr)&xmlDefaultSAXHandler)
        xmlFree(ctxt->sax);
    ctxt->sax = &sax;
    ctxt->sax2 = 0; /* startElement with qualified names */
    ctxt->userData = &v;
    v.ctxt = ctxt;
    ctxt->replaceEntities = 0;
    ctxt->loadsubset = 0;
    ctxt->validate = 0;
    rm_xml_quiet quiet; /* libxml2's encoding errors are not printed (topo/xml_quiet.h) */
    rmi_xml_quiet_begin(&quiet);
    xmlParseDocument(ctxt);
    rmi_xml_quiet_end(&quiet);
    rm_status st = v.st;
    if (!st && !v.seen_root)
        st = rm_error_set(err, RM_EINPUT, "%s: not well-formed XML (no root element)", shown);
    ctxt->sax = NULL;
    /* an <!ENTITY> declaration makes libxml2 build a compatibility document
       for the entity table even in SAX mode; stopped by vet_entity_decl,
       the parse leaves it to us */
    if (ctxt->myDoc) {
        xmlFreeDoc(ctxt->myDoc);
        ctxt->myDoc = NULL;
    }
    xmlFreeParserCtxt(ctxt);
    return st;
}
