/*
 * fuzz_sg_config.c — libFuzzer target of the check a SimGrid platform file
 * passes before SimGrid sees it (topo/io/sg_vet.c, rmi_sg_vet): the input
 * is the file. rmi_sg_vet must return RM_OK, or RM_EINPUT/RM_ELIMIT with a
 * message naming the file; and when it accepts, libxml2's own tree of the
 * input (recovering, no network, no entity substituted) holds no <prop> of
 * a <config> whose id is outside the allowed keys: no key reaches SimGrid
 * that the check did not see. Seeds: fuzz/seeds/sg_config/ and
 * tests/data/simgrid/.
 */
#include "fuzz/fuzz_common.h"
#include "topo/io/sg_vet.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 1 when some <config>'s <prop> under n has an id that is not allowed. */
static int bad_prop(xmlNode *n, int in_config)
{
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        int cfg = in_config || !xmlStrcmp(n->name, (const xmlChar *)"config");
        if (in_config && !xmlStrcmp(n->name, (const xmlChar *)"prop")) {
            xmlChar *id = xmlGetProp(n, (const xmlChar *)"id");
            int ok = id && rmi_sg_config_allowed((const char *)id);
            xmlFree(id);
            if (!ok)
                return 1;
        }
        if (bad_prop(n->children, cfg))
            return 1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    rm_error err = {RM_OK, ""};
    rm_status st = rmi_sg_vet(data, size, "fuzz.xml", &err);
    if (st != RM_OK) {
        if ((st != RM_EINPUT && st != RM_ELIMIT && st != RM_ENOMEM) || !strstr(err.msg, "fuzz.xml"))
            abort();
        return 0;
    }
    xmlDoc *doc = xmlReadMemory((const char *)data, (int)size, NULL, NULL,
                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                                    XML_PARSE_RECOVER);
    if (doc && bad_prop(xmlDocGetRootElement(doc), 0))
        abort(); /* a key the check let through */
    xmlFreeDoc(doc);
    return 0;
}
