/*
 * sg_files.c — the trace, profile and included files a SimGrid platform
 * names obey the rules of every input file (docs/cli.md, "Input and output
 * files"): regular files of at most 256 MiB, checked with libxml2 and stat
 * before SimGrid's loader opens them (topo/io/sg_files.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "topo/io/sg_files.h"
#include "topo/xml_quiet.h"

#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SG_MAX_INCLUDE_DEPTH 8

static const char *kind(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "a special file";
}

static int names_a_file(const xmlChar *attr)
{
    size_t n = strlen((const char *)attr);
    return !strcmp((const char *)attr, "file") ||
           (n > 5 && !strcmp((const char *)attr + n - 5, "_file"));
}

static rm_status check_tree(const char *path, const char *dir, xmlNode *n, int depth,
                            rm_error *err);

/* Check one file name (value of attribute attr of element el). */
static rm_status check_name(const char *path, const char *dir, const xmlNode *el,
                            const xmlChar *attr, const char *value, int depth, rm_error *err)
{
    if (!*value)
        return RM_OK;
    const char *where[2] = {value, NULL};
    char *in_dir = NULL;
    if (value[0] != '/') { /* SimGrid: the current directory, then its search path */
        in_dir = malloc(strlen(dir) + strlen(value) + 2);
        if (!in_dir)
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        sprintf(in_dir, "%s/%s", dir, value);
        where[1] = in_dir;
    }
    rm_status st = RM_OK;
    for (int k = 0; k < 2 && where[k] && !st; k++) {
        struct stat sb;
        if (stat(where[k], &sb) != 0)
            continue; /* not there: SimGrid looks further or says so */
        long line = xmlGetLineNo(el);
        if (!S_ISREG(sb.st_mode))
            st = rm_error_set(err, RM_EINPUT, "%s: line %ld: <%s %s=\"%s\">: %s: not a regular file (%s)",
                              path, line, (const char *)el->name, (const char *)attr, value,
                              where[k], kind(sb.st_mode));
        else if ((long long)sb.st_size > RM_INPUT_MAX_BYTES)
            st = rm_error_set(err, RM_EINPUT,
                              "%s: line %ld: <%s %s=\"%s\">: %s: %lld bytes, more than the limit "
                              "of %lld MiB for an input file",
                              path, line, (const char *)el->name, (const char *)attr, value,
                              where[k], (long long)sb.st_size, RM_INPUT_MAX_BYTES >> 20);
        else if (!xmlStrcmp(el->name, (const xmlChar *)"include")) {
            if (depth >= SG_MAX_INCLUDE_DEPTH)
                st = rm_error_set(err, RM_ELIMIT,
                                  "%s: line %ld: <include file=\"%s\">: includes nested deeper "
                                  "than %d",
                                  path, line, value, SG_MAX_INCLUDE_DEPTH);
            else {
                xmlDoc *doc = rmi_xml_read_quiet(where[k]); /* nothing printed (topo/xml_quiet.h) */
                if (doc) /* its own files, named from its directory */
                    st = check_tree(where[k], dir, xmlDocGetRootElement(doc), depth + 1, err);
                xmlFreeDoc(doc);
            }
        }
    }
    free(in_dir);
    return st;
}

static rm_status check_tree(const char *path, const char *dir, xmlNode *n, int depth,
                            rm_error *err)
{
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        for (xmlAttr *a = n->properties; a; a = a->next) {
            if (!names_a_file(a->name))
                continue;
            xmlChar *v = xmlNodeListGetString(n->doc, a->children, 1);
            rm_status st = v ? check_name(path, dir, n, a->name, (const char *)v, depth, err)
                             : RM_OK;
            xmlFree(v);
            if (st)
                return st;
        }
        rm_status st = check_tree(path, dir, n->children, depth, err);
        if (st)
            return st;
    }
    return RM_OK;
}

rm_status rmi_sg_check_files(const char *path, const char *dir, rm_error *err)
{
    xmlDoc *doc = rmi_xml_read_quiet(path); /* nothing printed (topo/xml_quiet.h) */
    if (!doc)
        return RM_OK; /* SimGrid's parser says what is wrong */
    rm_status st = check_tree(path, dir, xmlDocGetRootElement(doc), 0, err);
    xmlFreeDoc(doc);
    return st;
}
