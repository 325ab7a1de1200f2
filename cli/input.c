/* input.c — platform input of `ringmap map`: --format, standard input, the
 * measured CSV matrix and speeds (cli/input.h). The format names, their
 * extensions and the --format help come from the library's format table
 * (rm_platform_format_at, include/ringmap/topo.h). */
#define _DEFAULT_SOURCE /* mkstemps, strdup */
#include "cli/input.h"
#include "topo/io/unusable.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_FORMATS 32

/* The format names of the table as --format values (entry k: format k);
 * returns their number. */
static int format_names(rm_cli_name names[MAX_FORMATS])
{
    int n = 0;
    for (const rm_platform_format *f; n < MAX_FORMATS && (f = rm_platform_format_at(n)); n++)
        names[n] = (rm_cli_name){f->name, n};
    return n;
}

/* Print text after the option column head (its width: the indentation of
 * the following lines), broken between words so that no line passes 80
 * columns (a longer word stands alone). */
static void print_wrapped(FILE *out, const char *head, const char *text)
{
    size_t indent = strlen(head), col = indent;
    fputs(head, out);
    int first = 1;
    for (const char *w = text; *w;) {
        size_t k = strcspn(w, " ");
        if (!first && col + 1 + k > 80) {
            fprintf(out, "\n%*s", (int)indent, "");
            col = indent;
            first = 1;
        }
        fprintf(out, "%s%.*s", first ? "" : " ", (int)k, w);
        col += (first ? 0 : 1) + k;
        first = 0;
        w += k;
        w += strspn(w, " ");
    }
    fputc('\n', out);
}

void rmi_cli_input_help(FILE *out)
{
    /* "read PLATFORM as F: gml, xml (SimGrid), ... or csv (a bandwidth
     * matrix, with --speeds); ...", wrapped in the help's second column */
    char text[1024] = "read PLATFORM as F:";
    int n = 0;
    while (rm_platform_format_at(n))
        n++;
    for (int k = 0; k < n; k++) {
        const rm_platform_format *f = rm_platform_format_at(k);
        size_t len = strlen(text);
        snprintf(text + len, sizeof text - len, "%s %s%s%s%s%s", k == 0 ? "" : k == n - 1 ? " or" : ",",
                 f->name, *f->description || f->needs_speeds ? " (" : "", f->description,
                 f->needs_speeds ? (*f->description ? ", with --speeds" : "with --speeds") : "",
                 *f->description || f->needs_speeds ? ")" : "");
    }
    size_t len = strlen(text);
    snprintf(text + len, sizeof text - len,
             "; PLATFORM '-' is standard input (default: from the file's extension)");
    print_wrapped(out, "  --format F            ", text);
    fputs(RM_CLI_INPUT_HELP, out);
}

int rmi_cli_input_opt(rm_cli_input *in, int c, const char *arg, rm_cli_bad_fn bad)
{
    int v, code;
    rm_cli_name names[MAX_FORMATS];
    switch (c) {
    case RM_CLI_INPUT_FORMAT:
        if ((code = rmi_cli_opt_name("--format", names, format_names(names), arg, &v, bad)) >= 0)
            return code;
        in->format = names[v].name;
        return -1;
    case RM_CLI_INPUT_BW_MATRIX:
    case RM_CLI_INPUT_SPEEDS:
    case RM_CLI_INPUT_LAT_MATRIX:
        if (!*arg)
            return bad("--%s: expected a file name or '-'",
                       c == RM_CLI_INPUT_SPEEDS       ? "speeds"
                       : c == RM_CLI_INPUT_LAT_MATRIX ? "latency-matrix"
                                                      : "bandwidth-matrix");
        *(c == RM_CLI_INPUT_SPEEDS       ? &in->speeds
          : c == RM_CLI_INPUT_LAT_MATRIX ? &in->lat_matrix
                                         : &in->bw_matrix) = arg;
        return -1;
    case RM_CLI_INPUT_LAT_UNIT:
        in->lat_unit = arg;
        return -1;
    case RM_CLI_INPUT_SMPI_FACTORS:
        in->smpi_factors = 1;
        return -1;
    case RM_CLI_INPUT_SYMMETRIC: {
        int n;
        const rm_enum_entry *e = rm_enum_entries(RM_ENUM_SYMMETRIC, &n);
        if ((code = rmi_cli_opt_name("--symmetric", e, n, arg, &v, bad)) >= 0)
            return code;
        in->symmetric = e[v].value;
        in->symmetric_given = 1;
        return -1;
    }
    case RM_CLI_INPUT_BW_FACTOR:
    case RM_CLI_INPUT_LAT_FACTOR: {
        int bw = c == RM_CLI_INPUT_BW_FACTOR;
        double x;
        if ((code = rmi_cli_opt_positive(bw ? "--bw-factor" : "--lat-factor", "a factor", arg, &x, bad)) >= 0)
            return code;
        if (!(x <= 1e6 && x >= 1e-6))
            return bad("%s: expected a factor in [1e-6, 1e6], got '%s'",
                       bw ? "--bw-factor" : "--lat-factor", arg);
        *(bw ? &in->bw_factor : &in->lat_factor) = x;
        return -1;
    }
    default: /* the units are checked by the reader, which knows the header's */
        *(c == RM_CLI_INPUT_BW_UNIT ? &in->bw_unit : &in->speed_unit) = arg;
        return -1;
    }
}

/* A measured matrix: --bandwidth-matrix, or a format that needs --speeds
 * (csv) by --format or by the extension. */
static int is_csv(const rm_cli_input *in, const char *path)
{
    const rm_platform_format *f =
        in->format ? rm_platform_format_find(in->format) : rm_platform_format_of_path(path);
    return in->bw_matrix || (f && f->needs_speeds);
}

int rmi_cli_input_operand(rm_cli_input *in, int argc, char **argv, const char **platform,
                         rm_options *opt, rm_cli_bad_fn bad)
{
    int code;
    if (in->bw_matrix) {
        if (optind < argc)
            return bad("--bandwidth-matrix replaces PLATFORM, got also '%s'", argv[optind]);
        if (in->format && !rm_platform_format_find(in->format)->needs_speeds)
            return bad("--bandwidth-matrix is CSV, not --format %s", in->format);
        *platform = in->bw_matrix;
    } else if ((code = rmi_cli_platform_operand(argc, argv, platform, bad)) >= 0) {
        return code;
    }
    if (is_csv(in, *platform)) {
        if (!in->speeds)
            return bad("a bandwidth matrix needs --speeds FILE (CSV host,speed or host,w)");
        if (!strcmp(in->speeds, "-") && !strcmp(*platform, "-"))
            return bad("the matrix and --speeds cannot both be standard input");
        if (in->lat_matrix && !strcmp(in->lat_matrix, "-") &&
            (!strcmp(in->speeds, "-") || !strcmp(*platform, "-")))
            return bad("only one of the matrix, --speeds and --latency-matrix can be standard "
                       "input");
        if (!in->routing_given)
            opt->routing = RM_ROUTING_DIRECT;
    } else if (in->speeds || in->bw_unit || in->speed_unit || in->lat_matrix || in->lat_unit ||
               in->symmetric_given) {
        return bad("--speeds, --latency-matrix, --symmetric and the units go with a bandwidth matrix "
                   "(--bandwidth-matrix or --format csv)");
    }
    if (in->lat_unit && !in->lat_matrix) {
        return bad("--latency-unit goes with --latency-matrix");
    }
    if (!strcmp(*platform, "-") && !in->format && !in->bw_matrix) {
        char list[256] = "";
        for (int k = 0; rm_platform_format_at(k); k++) {
            size_t len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s%s", k ? "|" : "",
                     rm_platform_format_at(k)->name);
        }
        return bad("PLATFORM '-' (standard input) needs --format %s", list);
    }
    return -1;
}

/* Copy standard input to a temporary file named *.EXT, at most the library's
 * limit for an input file (256 MiB, docs/cli.md): more is refused as soon as
 * it is read, so that an endless input neither fills TMPDIR nor runs
 * forever. NULL on failure. */
static char *stdin_to_file(const char *ext, rm_error *err)
{
    const char *dir = getenv("TMPDIR");
    char *name = malloc(strlen(dir && *dir ? dir : "/tmp") + 32);
    if (!name) {
        rm_error_set(err, RM_ENOMEM, "out of memory");
        return NULL;
    }
    sprintf(name, "%s/ringmap-stdin-XXXXXX%s", dir && *dir ? dir : "/tmp", ext);
    int fd = mkstemps(name, (int)strlen(ext));
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        rm_error_set(err, RM_EINPUT, "cannot make a temporary file for standard input: %s",
                     strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(name);
        }
        free(name);
        return NULL;
    }
    char buf[65536];
    size_t n;
    int bad = 0;
    long long total = 0;
    while (!bad && (n = fread(buf, 1, sizeof buf, stdin)) > 0) {
        if ((total += (long long)n) > RM_INPUT_MAX_BYTES)
            bad = 2;
        else
            bad |= fwrite(buf, 1, n, f) != n;
    }
    bad |= ferror(stdin);
    bad |= fclose(f) != 0;
    if (bad) {
        if (bad & 2)
            rm_error_set(err, RM_EINPUT,
                         "<stdin>: more than the limit of %lld MiB for an input file",
                         RM_INPUT_MAX_BYTES >> 20);
        else
            rm_error_set(err, RM_EINPUT, "cannot copy standard input to a temporary file");
        unlink(name);
        free(name);
        return NULL;
    }
    return name;
}

/* Replace every occurrence of from in msg by to (in place, bounded). */
static void replace_in_msg(char *msg, size_t cap, const char *from, const char *to)
{
    char out[1024];
    size_t o = 0, lf = strlen(from), lt = strlen(to);
    for (const char *s = msg; *s && o + 1 < sizeof out;) {
        if (lf && !strncmp(s, from, lf) && o + lt + 1 < sizeof out) {
            memcpy(out + o, to, lt);
            o += lt;
            s += lf;
        } else {
            out[o++] = *s++;
        }
    }
    out[o] = '\0';
    snprintf(msg, cap, "%s", out);
}

/* A latency matrix read but not counted (the cost D_c/b without --latency):
 * say so rather than drop it silently. Not turned on by itself: counting
 * latencies needs the absolute sizes D_c and D_w (--dc/--dw), which only
 * the user knows, and is the same choice as for any platform with
 * latencies. */
static void warn_latency_unused(const rm_cli_input *in, const rm_platform *p,
                                const rm_read_options *ro)
{
    double lo = INFINITY, hi = 0;
    for (int l = 0; l < p->n_links; l++) {
        double x = p->links[l].latency;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    }
    if (!(hi > 0))
        return;
    char msg[512];
    snprintf(msg, sizeof msg,
             "%s: latencies of %.3g s to %.3g s read but not counted: the cost of a route is "
             "D_c/b alone; with `ringmap map` or `ringmap eval`, --latency --dc X --dw Y counts "
             "them (a latency larger than D_c/b slows every step)",
             strcmp(in->lat_matrix, "-") ? in->lat_matrix : "<stdin>", lo, hi);
    ro->warn(ro->warn_ctx, msg);
}

static rm_status read_matrix(const rm_cli_input *in, const char *path, const rm_read_options *ro,
                             rm_platform **p, rm_error *err)
{
    int mstd = !strcmp(path, "-"), sstd = !strcmp(in->speeds, "-");
    FILE *fb = mstd ? stdin : rm_input_open(path, err); /* regular, at most 256 MiB */
    if (!fb)
        return err->status;
    FILE *fs = sstd ? stdin : rm_input_open(in->speeds, err);
    if (!fs) {
        if (!mstd)
            fclose(fb);
        return err->status;
    }
    int lstd = in->lat_matrix && !strcmp(in->lat_matrix, "-");
    FILE *fl = !in->lat_matrix ? NULL : lstd ? stdin : rm_input_open(in->lat_matrix, err);
    if (in->lat_matrix && !fl) {
        if (!mstd)
            fclose(fb);
        if (!sstd)
            fclose(fs);
        return err->status;
    }
    rm_matrix_options mo;
    rm_matrix_options_init(&mo);
    mo.bandwidth_unit = in->bw_unit;
    mo.speed_unit = in->speed_unit;
    mo.symmetric = (rm_symmetric)in->symmetric;
    mo.warn = ro->warn; /* the notes and warnings as the readers' */
    mo.warn_ctx = ro->warn_ctx;
    rm_status st = rm_platform_read_matrices(fb, mstd ? "<stdin>" : path, fl,
                                             lstd ? "<stdin>" : in->lat_matrix, fs,
                                             sstd ? "<stdin>" : in->speeds, &mo, in->lat_unit, p,
                                             err);
    if (!mstd)
        fclose(fb);
    if (!sstd)
        fclose(fs);
    if (fl && !lstd)
        fclose(fl);
    return st;
}

/* The calibration the options ask for (rm_platform_calibrate): SMPI's
 * factors for the message size D_c, times --bw-factor / --lat-factor. */
static rm_status calibrate(const rm_cli_input *in, const rm_options *opt, rm_platform *p,
                           rm_error *err)
{
    double bw = 1.0, lat = 1.0;
    if (in->smpi_factors) {
        if (!(opt->cost.dc > 0.0))
            return rm_error_set(err, RM_EINPUT,
                                "--smpi-factors: the factors depend on the message size: give "
                                "--dc X --dw Y (D_c in Mb)");
        rm_status st = rm_smpi_factors(opt->cost.dc, &bw, &lat, err);
        if (st)
            return st;
    }
    if (in->bw_factor > 0.0)
        bw *= in->bw_factor;
    if (in->lat_factor > 0.0)
        lat *= in->lat_factor;
    return rm_platform_calibrate(p, bw, lat, err);
}

int rmi_cli_input_load(const rm_cli_input *in, const char *path, const rm_read_options *ro,
                      const rm_options *opt, rm_platform **p, rm_network *net)
{
    int calibrated = in->smpi_factors || in->bw_factor > 0.0 || in->lat_factor > 0.0;
    if (!is_csv(in, path) && strcmp(path, "-") && !in->format && !calibrated)
        return rmi_cli_load(path, ro, opt, p, net); /* the usual case */
    rm_error err = {RM_OK, ""};
    rm_status st = rm_options_check(opt, &err);
    rm_read_options ro_warn = *ro; /* readers' warnings on stderr, as rmi_cli_load */
    if (!ro_warn.warn)
        ro_warn.warn = rmi_cli_print_warning;
    ro = &ro_warn;
    *p = NULL;
    if (!st && is_csv(in, path)) {
        st = read_matrix(in, path, ro, p, &err);
        if (!st)
            rmi_platform_warn_unusable(*p, path, ro); /* links too slow for the model */
        if (!st && in->lat_matrix && !opt->cost.latency)
            warn_latency_unused(in, *p, ro);
    } else if (!st && !strcmp(path, "-")) {
        /* the temporary file ends with the format's first extension */
        const char *exts = rm_platform_format_find(in->format)->extensions;
        char ext[32];
        snprintf(ext, sizeof ext, "%.*s", (int)strcspn(exts, " "), exts);
        char *tmp = stdin_to_file(ext, &err);
        st = tmp ? rm_platform_read_format(tmp, in->format, ro, p, &err) : err.status;
        if (!st) { /* not the temporary file's random name */
            char *name = strdup("stdin");
            if (name) {
                free((*p)->name);
                (*p)->name = name;
            }
        }
        if (tmp) {
            replace_in_msg(err.msg, sizeof err.msg, tmp, "<stdin>");
            unlink(tmp);
            free(tmp);
        }
    } else if (!st) {
        st = in->format ? rm_platform_read_format(path, in->format, ro, p, &err)
                        : rm_platform_read(path, ro, p, &err);
    }
    if (!st && calibrated && (st = calibrate(in, opt, *p, &err))) {
        rm_platform_free(*p);
        *p = NULL;
    }
    if (!st && (st = rm_network_init(net, *p, opt->duplex, &err))) {
        rm_platform_free(*p);
        *p = NULL;
    }
    if (st) {
        if (err.status == RM_OK)
            err.status = st;
        return rmi_cli_lib_failure(&err);
    }
    return -1;
}
