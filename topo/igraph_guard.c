/*
 * igraph_guard.c — handlers that turn igraph's errors and warnings into
 * recorded messages (see igraph_guard.h for why this state is thread-local).
 */
#include "topo/igraph_guard.h"

#include <pthread.h>
#include <stdio.h>

/* The process-wide mutex of all igraph use (igraph_guard.h), recursive so
 * that a guarded section may call a function that guards again. */
static pthread_mutex_t rm_ig_mutex;
static pthread_once_t rm_ig_once = PTHREAD_ONCE_INIT;

static void rm_ig_mutex_init(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&rm_ig_mutex, &a);
    pthread_mutexattr_destroy(&a);
}

void rmi_igraph_lock(void)
{
    pthread_once(&rm_ig_once, rm_ig_mutex_init);
    pthread_mutex_lock(&rm_ig_mutex);
}

void rmi_igraph_unlock(void) { pthread_mutex_unlock(&rm_ig_mutex); }

static _Thread_local char rm_ig_error[512];
static _Thread_local char rm_ig_warning[512];

/* Record the reason and release what igraph registered for cleanup, as
 * igraph_error_handler_ignore does; igraph then returns the error code. */
static void rm_ig_error_handler(const char *reason, const char *file, int line,
                                igraph_error_t igraph_errno)
{
    (void)file;
    (void)line;
    (void)igraph_errno;
    snprintf(rm_ig_error, sizeof rm_ig_error, "%s", reason ? reason : "igraph error");
    IGRAPH_FINALLY_FREE();
}

/* Keep the first warning, print nothing. */
static void rm_ig_warning_handler(const char *reason, const char *file, int line)
{
    (void)file;
    (void)line;
    if (rm_ig_warning[0] == '\0')
        snprintf(rm_ig_warning, sizeof rm_ig_warning, "%s", reason ? reason : "igraph warning");
}

void rmi_igraph_guard_begin(rm_igraph_guard *g)
{
    rmi_igraph_lock();
    rm_ig_error[0] = '\0';
    rm_ig_warning[0] = '\0';
    g->error_handler = igraph_set_error_handler(rm_ig_error_handler);
    g->warning_handler = igraph_set_warning_handler(rm_ig_warning_handler);
}

void rmi_igraph_guard_end(const rm_igraph_guard *g)
{
    igraph_set_error_handler(g->error_handler);
    igraph_set_warning_handler(g->warning_handler);
    rmi_igraph_unlock();
}

const char *rmi_igraph_last_error(void) { return rm_ig_error; }

const char *rmi_igraph_first_warning(void) { return rm_ig_warning; }
