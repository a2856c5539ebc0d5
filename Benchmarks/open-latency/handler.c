/*
 * handler.c - the trivial URL handler used by the open-latency benchmark.
 *
 * First thing in main (argv is available by then) it reads CLOCK_MONOTONIC,
 * then writes ONE record to the FIFO named by $BENCH_FIFO and exits:
 *
 *     FERRYBENCH1 <token> <sec> <nsec> <pid> <argc> <argv[1]>\n
 *
 * <token> is $BENCH_TOKEN (set by the driver per run, so a late or duplicate
 * handler is detected). The record is written with a single write() shorter
 * than PIPE_BUF, so it arrives atomically.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);

    const char *fifo = getenv("BENCH_FIFO");
    const char *token = getenv("BENCH_TOKEN");
    if (fifo == NULL || *fifo == '\0') {
        fprintf(stderr, "handler: BENCH_FIFO is not set (argv[1]=%s)\n",
                argc > 1 ? argv[1] : "(none)");
        return 2;
    }

    char rec[PIPE_BUF];
    int n = snprintf(rec, sizeof rec, "FERRYBENCH1 %s %lld %ld %ld %d %s\n",
                     (token && *token) ? token : "-",
                     (long long)now.tv_sec, (long)now.tv_nsec, (long)getpid(),
                     argc, argc > 1 ? argv[1] : "");
    if (n < 0 || (size_t)n >= sizeof rec) {
        /* Still tell the driver something arrived, so it fails loudly. */
        n = snprintf(rec, sizeof rec, "FERRYBENCH1 %s 0 0 %ld %d (argument too long)\n",
                     (token && *token) ? token : "-", (long)getpid(), argc);
    }

    /* O_NONBLOCK: if nobody is reading (driver gone) fail with ENXIO instead of hanging. */
    int fd = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "handler: open %s: %s\n", fifo, strerror(errno));
        return 3;
    }
    ssize_t w;
    do {
        w = write(fd, rec, (size_t)n);
    } while (w < 0 && errno == EINTR);
    if (w != n) {
        fprintf(stderr, "handler: write %s: %s\n", fifo, w < 0 ? strerror(errno) : "short write");
        return 4;
    }
    close(fd);
    return 0;
}
