/*
 * pictures.c — the CLI side of the pictures (issue 5, "pictures out"):
 * running an external drawing tool (Graphviz `dot`, `gnuplot`) when it is
 * installed, and writing the DOT/SVG picture of a mapping for `ringmap
 * --dot FILE --svg FILE` (the DOT itself is ring/dot.c).
 */
#define _DEFAULT_SOURCE /* mkstemps, fdopen, posix_spawn, isatty */
#include "cli/commands.h"
#include "ring/dot.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int rm_cli_run_tool(char *const argv[])
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
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return 1;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        return -1; /* the shell convention for "command not found" */
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

int rm_cli_write_pictures(const rm_network *net, const rm_mapping *m, const char *dot_path,
                          const char *svg_path)
{
    if (!dot_path && !svg_path)
        return 0;
    char tmp[] = "/tmp/ringmap-XXXXXX.dot";
    const char *path = dot_path;
    FILE *f = NULL;
    if (dot_path) {
        f = fopen(dot_path, "w");
        if (!f) {
            fprintf(stderr, "ringmap: --dot: cannot open '%s' for writing: %s\n", dot_path,
                    strerror(errno));
            return 2;
        }
    } else {
        int fd = mkstemps(tmp, 4);
        f = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (!f) {
            fprintf(stderr, "ringmap: --svg: cannot create a temporary DOT file: %s\n",
                    strerror(errno));
            if (fd >= 0) {
                close(fd);
                unlink(tmp);
            }
            return 1;
        }
        path = tmp;
    }
    rm_error err = {RM_OK, ""};
    rm_status st = rm_mapping_write_dot(f, net, m, &err);
    if (fclose(f) != 0 && !st)
        st = rm_error_set(&err, RM_EINTERNAL, "cannot write '%s'", path);
    int code = 0;
    if (st) {
        fprintf(stderr, "ringmap: %s\n", err.msg);
        code = 1;
    } else if (svg_path) {
        /* the svg file must be writable: check it ourselves for a clear message */
        FILE *s = fopen(svg_path, "w");
        if (!s) {
            fprintf(stderr, "ringmap: --svg: cannot open '%s' for writing: %s\n", svg_path,
                    strerror(errno));
            code = 2;
        } else {
            fclose(s);
            char *argv[] = {"dot", "-Tsvg", "-o", (char *)svg_path, (char *)path, NULL};
            int rc = rm_cli_run_tool(argv);
            if (rc < 0) {
                remove(svg_path);
                fprintf(stderr,
                        "ringmap: --svg: Graphviz 'dot' is not installed (Debian package "
                        "graphviz); no SVG written%s%s\n",
                        dot_path ? ", the DOT file is " : "", dot_path ? dot_path : "");
            } else if (rc > 0) {
                fprintf(stderr, "ringmap: --svg: 'dot -Tsvg' failed on %s\n", path);
                code = 1;
            }
        }
    }
    if (!dot_path)
        unlink(tmp);
    return code;
}
