/*
 * sg_vet.h — what a SimGrid platform file may make SimGrid do, checked
 * before SimGrid sees the file (topo/io/sg_vet.c). A platform file is data:
 * SimGrid's loader also takes configuration from it (<config><prop id=KEY
 * value=V/>: tracing files, search paths, plugins, model checking) and
 * dlopen()s a file whose name ends in .so; ringmap gives SimGrid only
 * well-formed XML documents whose <config> keys are on a short list.
 */
#ifndef RM_TOPO_SG_VET_H
#define RM_TOPO_SG_VET_H

#include <stddef.h>

#include "ringmap/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/** 1 if a platform file may set SimGrid configuration key (exactly, no
 *  alias), else 0: the network, host and CPU model choices and their
 *  numeric factors (network/model, network/TCP-gamma, network/latency-factor,
 *  network/bandwidth-factor, network/weight-S, network/crosstraffic,
 *  network/loopback-bw, network/loopback-lat, host/model, cpu/model). They
 *  change how SimGrid simulates transfers and computations, never the hosts,
 *  links, routes, speeds, bandwidths and latencies ringmap reads, and name no
 *  file and no code. Thread-safe, O(1). */
int rmi_sg_config_allowed(const char *key);

/** Check the n bytes at buf, the SimGrid platform file shown as `shown`
 *  (for messages), before SimGrid loads it:
 *   - an XML document: after an optional UTF-8 byte-order mark and white
 *     space the file starts with '<', libxml2 parses it as well-formed XML
 *     (no network, no DTD loaded, no entity substituted), in UTF-8, ASCII or
 *     ISO-8859-1, its root element is <platform>, its DOCTYPE has no
 *     internal subset (SimGrid refuses declarations: "Bad declaration");
 *   - every <prop> of every <config> has an id that rmi_sg_config_allowed
 *     accepts and a value of at most 255 characters among letters, digits
 *     and ". _ : ; + -".
 *  RM_OK, or RM_EINPUT with a message naming the file, the line and the
 *  element or key. Streams the document (libxml2's xmlReader): O(n) time,
 *  memory bounded by the deepest element. Reentrant (libxml2 initialised
 *  by the library); prints nothing. */
rm_status rmi_sg_vet(const unsigned char *buf, size_t n, const char *shown, rm_error *err);

#ifdef __cplusplus
}
#endif

#endif
