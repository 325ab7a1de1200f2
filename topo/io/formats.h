/*
 * formats.h — the platform format table's readers (topo/io/formats.def): every
 * reader has one signature and is declared here from the table, so that a
 * format's file only defines its reader and the table names it. The table
 * itself, rm_platform_read and rm_platform_read_format are in
 * topo/io/formats.c; the platform object the readers build (rm_platform_new,
 * rm_platform_set_label, rm_platform_finalize, rm_platform_free) is in
 * topo/platform.c, which calls no reader.
 *
 * Internal to the library: the readers other than rm_platform_read_gml are
 * rmi_ functions, hidden by -fvisibility=hidden; users call
 * rm_platform_read / rm_platform_read_format (include/ringmap/topo.h).
 */
#ifndef RM_TOPO_FORMATS_H
#define RM_TOPO_FORMATS_H

#include "ringmap/topo.h"

/** A format's reader: read path with the options ro (NULL: defaults) into
 *  *out (a validated platform, or NULL on error). Errors as the format's
 *  documentation says (topo/io/readers.h, include/ringmap/topo.h). */
typedef rm_status (*rmi_platform_reader)(const char *path, const rm_read_options *ro,
                                         rm_platform **out, rm_error *err);

#define RM_FORMAT(name, extensions, description, reader, needs_speeds)                        \
    rm_status reader(const char *path, const rm_read_options *ro, rm_platform **out,           \
                     rm_error *err);
#include "topo/io/formats.def"
#undef RM_FORMAT

#endif
