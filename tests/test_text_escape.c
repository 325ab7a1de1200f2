/*
 * test_text_escape.c — text with control characters never reaches a
 * terminal raw (model/text_escape.h): rm_error_set escapes a message that
 * names a label or file holding an escape sequence or a newline (C0 bytes
 * and DEL as \xHH, UTF-8 C1 controls as \u00HH), leaves every other text as
 * it was (UTF-8, backslashes), and cuts without splitting an escape.
 */
#include "ringmap.h"
#include "model/text_escape.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

START_TEST(messages_escaped)
{
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_error_set(&err, RM_EINPUT, "host '%s' cannot reach", "a\033[2J\nb"),
                     RM_EINPUT);
    ck_assert_str_eq(err.msg, "host 'a\\x1b[2J\\x0ab' cannot reach");
    rm_error_set(&err, RM_EINPUT, "%s", "x\xc2\x9b" "31m\x7f");
    ck_assert_str_eq(err.msg, "x\\u009b31m\\x7f");
    /* plain text, UTF-8 and backslashes untouched */
    rm_error_set(&err, RM_EINPUT, "%s", "caf\xc3\xa9 C:\\dir \xc2\xa0");
    ck_assert_str_eq(err.msg, "caf\xc3\xa9 C:\\dir \xc2\xa0");
}
END_TEST

START_TEST(escape_cut)
{
    char out[8];
    ck_assert_uint_eq(rmi_text_escape(out, sizeof out, "ab\033cd"), 7);
    ck_assert_str_eq(out, "ab\\x1bc");
    ck_assert_uint_eq(rmi_text_escape(out, 5, "abc\033"), 3); /* "\x1b" does not fit */
    ck_assert_str_eq(out, "abc");
    ck_assert_int_eq(rmi_text_needs_escape("plain"), 0);
    ck_assert_int_eq(rmi_text_needs_escape("tab\there"), 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("text_escape");
    TCase *tc = tcase_create("escape");
    tcase_add_test(tc, messages_escaped);
    tcase_add_test(tc, escape_cut);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
