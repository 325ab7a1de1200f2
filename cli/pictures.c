/*
 * pictures.c — the CLI side of the pictures (docs/plots.md):
 * running an external drawing tool (Graphviz `dot`, `gnuplot`) when it is
 * installed, and writing the DOT/SVG picture of a mapping for `ringmap
 * --dot FILE --svg FILE` (the DOT itself is output/dot.c).
 */
#define _DEFAULT_SOURCE /* mkstemps, fdopen, posix_spawn, isatty */
#include "cli/commands.h"
#include "cli/outfile.h"
#include "output/dot.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

int rmi_cli_run_tool(char *const argv[])
{
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return 1;
    /* the tool's standard output goes to our standard error: stdout may be
       carrying JSON or CSV */
    posix_spawn_file_actions_adddup2(&fa, STDERR_FILENO, STDOUT_FILENO);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc == ENOENT)
        return -1;
    if (rc != 0)
        return 1;
    /* a tool that runs long (Graphviz on a large picture) says so on
       standard error: after 3 s, then every 10 s */
    int status = 0;
    long waited_ms = 0, next_note_ms = 3000;
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR)
            return 1;
        struct timespec ts = {0, 50 * 1000 * 1000};
        nanosleep(&ts, NULL);
        waited_ms += 50;
        if (waited_ms >= next_note_ms) {
            fprintf(stderr, "ringmap: '%s' still running (%ld s)...\n", argv[0],
                    waited_ms / 1000);
            next_note_ms += 10000;
        }
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        return -1; /* the shell convention for "command not found" */
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

/* The DOT picture of m into f; 0, or 1 after a message. */
static int write_dot(FILE *f, const rm_network *net, const rm_mapping *m, const char *what)
{
    rm_error err = {RM_OK, ""};
    if (rmi_mapping_write_dot(f, net, m, &err)) {
        fprintf(stderr, "ringmap: %s: %s\n", what, err.msg);
        return 1;
    }
    return 0;
}

/* The SVG: the DOT into a private temporary file, `dot -Tsvg` into a
 * temporary file beside svg_path (both names start with '/' or "./", never
 * with '-'), renamed over svg_path when dot succeeded. Exit code. */
static int write_svg(const rm_network *net, const rm_mapping *m, const char *svg_path)
{
    const char *td = getenv("TMPDIR");
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s/ringmap-XXXXXX.dot", td && td[0] == '/' ? td : "/tmp");
    int fd = mkstemps(tmp, 4);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        fprintf(stderr, "ringmap: --svg: cannot create a temporary DOT file: %s\n",
                strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        return 1;
    }
    int code = write_dot(f, net, m, "--svg");
    if (fclose(f) != 0 && !code) {
        fprintf(stderr, "ringmap: --svg: cannot write the temporary DOT file '%s'\n", tmp);
        code = 1;
    }
    rm_out svg;
    if (!code && (code = rmi_out_open_tool(&svg, "--svg", svg_path)) < 0) {
        char *argv[] = {"dot", "-Tsvg", "-o", (char *)rmi_out_tool_path(&svg), tmp, NULL};
        int rc = rmi_cli_run_tool(argv);
        if (rc < 0) {
            rmi_out_abort(&svg);
            fprintf(stderr,
                    "ringmap: --svg: Graphviz 'dot' is not installed (Debian package "
                    "graphviz); no SVG written\n");
            code = 0;
        } else if (rc > 0) {
            rmi_out_abort(&svg);
            fprintf(stderr, "ringmap: --svg: 'dot -Tsvg' failed; '%s' left as it was\n",
                    svg_path);
            code = 1;
        } else
            code = rmi_out_commit(&svg);
    }
    unlink(tmp);
    return code;
}

int rmi_cli_write_pictures(const rm_network *net, const rm_mapping *m, const char *dot_path,
                          const char *svg_path)
{
    if (dot_path) {
        rm_out o; /* through a temporary file (cli/outfile.h) */
        int code = rmi_out_open(&o, "--dot", dot_path);
        if (code >= 0)
            return code;
        if (write_dot(o.f, net, m, "--dot")) {
            rmi_out_abort(&o);
            return 1;
        }
        if ((code = rmi_out_commit(&o)) != 0)
            return code;
    }
    return svg_path ? write_svg(net, m, svg_path) : 0;
}
