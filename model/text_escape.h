/*
 * text_escape.h — text shown on a terminal without the control characters
 * it may carry (model/error.c): a host label or a file name with an escape
 * sequence (ESC [ ... ) or a newline must not reach the terminal raw
 * (moving the cursor, recolouring, hiding text, forging a line).
 */
#ifndef RM_MODEL_TEXT_ESCAPE_H
#define RM_MODEL_TEXT_ESCAPE_H

#include <stddef.h>

/** s into out (size n > 0, always NUL-terminated, cut at n - 1 bytes and
 *  never inside an escape) with each C0 control byte (0x00-0x1f) and DEL
 *  written as \xHH, and each UTF-8-encoded C1 control (U+0080-U+009F) as
 *  \u00HH; every other byte as it is. Returns the length written. O(|s|),
 *  reentrant. */
size_t rmi_text_escape(char *out, size_t n, const char *s);

/** 1 if s holds a byte rmi_text_escape would escape, else 0. O(|s|). */
int rmi_text_needs_escape(const char *s);

#endif
