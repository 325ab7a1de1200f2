/* sg_files.h — the files a SimGrid platform names (topo/io/sg_files.c). */
#ifndef RM_TOPO_SG_FILES_H
#define RM_TOPO_SG_FILES_H

#include "ringmap/topo.h"

/** Check, before SimGrid opens them, the files the SimGrid platform at path
 *  names: the attributes `file` (<trace>, <include>) and `*_file`
 *  (speed_file, bandwidth_file, latency_file, state_file,
 *  availability_file of hosts, links and peers). A name is looked up as
 *  SimGrid does: an absolute one as it is, a relative one in the current
 *  directory and in dir (the platform's directory); every one found must be
 *  a regular file of at most RM_INPUT_MAX_BYTES (a FIFO would block
 *  SimGrid's open for ever, a 1 GiB trace took gigabytes of memory). An
 *  included platform's own files are checked the same way, to a depth of 8
 *  includes. A name found nowhere is left to SimGrid's message. Errors:
 *  RM_EINPUT "PATH: line N: <host speed_file=\"NAME\">: FILE: not a regular
 *  file (a FIFO)" (or "... N bytes, more than the limit of 256 MiB for an
 *  input file"), RM_ELIMIT for includes nested deeper than 8; RM_ENOMEM. A
 *  file libxml2 cannot parse is left to SimGrid (RM_OK). Thread safety:
 *  reentrant (libxml2 initialised by the library). O(size of the files). */
rm_status rmi_sg_check_files(const char *path, const char *dir, rm_error *err);

#endif
