/*
 * text.h — user strings (labels, names, file names) on their way into the
 * outputs (JSON, SimGrid XML, DOT, gnuplot): UTF-8 validation and repair
 * (hardening, malformed outputs: a label that is not UTF-8 made the JSON writer fail
 * and reached XML ids as is). Internal to the library and the command.
 */
#ifndef RM_TOPO_TEXT_H
#define RM_TOPO_TEXT_H

#include <stddef.h>

/** Length (1-4) of the well-formed UTF-8 sequence at s (RFC 3629: no
 *  overlong form, no surrogate, at most U+10FFFF), or 0 if the bytes at s
 *  do not start one (also 0 at the terminating NUL). O(1). */
size_t rmi_utf8_seq(const char *s);

/** 1 if s is well-formed UTF-8 (NULL counts as valid), else 0. O(|s|). */
int rmi_utf8_valid(const char *s);

/** A copy of s (malloc) in which every byte that does not start a
 *  well-formed sequence is replaced by U+FFFD (the replacement character);
 *  NULL on allocation failure. O(|s|). */
char *rmi_utf8_fix(const char *s);

#endif
