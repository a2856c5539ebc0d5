/*
 * driver.c - times "command starts" -> "handler process has the URL".
 *
 *   driver -u URL [-n RUNS] [-w WARMUP] [-t MS] [-f FIFO] [-l LOG] [-o RAW] -- COMMAND [ARG...]
 *
 * Per run: read CLOCK_MONOTONIC, posix_spawn COMMAND (own process group,
 * stdin=/dev/null, stdout+stderr appended to LOG), then wait for the handler
 * (handler.c) to write its own CLOCK_MONOTONIC reading, taken first thing in
 * its main(), plus argv[1] to the FIFO named in $BENCH_FIFO. Latency is the
 * difference. A run counts only if:
 *   - exactly one record with this run's $BENCH_TOKEN arrives,
 *   - the handler got argc == 2 and argv[1] == URL,
 *   - COMMAND exits with status 0,
 *   - every process it started (the handler included) has exited.
 * The driver is a child subreaper (PR_SET_CHILD_SUBREAPER), so a handler that
 * the launcher leaves behind is reparented to the driver and reaped here; the
 * next run never starts while anything from the previous one is alive.
 * Every run is bounded by the timeout (-t, default 5000 ms); on failure the
 * process group and all leftover children are SIGKILLed and reaped.
 *
 * With -x (no -u) a run is timed from the spawn until COMMAND has exited with
 * status 0 and is reaped, with no handler: start-up figures such as
 * `ferry --version` next to `gio --version`.
 *
 * Success: one line on stdout, all in milliseconds:
 *     <median> <p10> <p90> <min> <max> <n>
 * Exit status: 0 ok, 1 a run failed (reason on stderr), 2 usage/setup error.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static const char *opt_url;
static int opt_runs = 200;
static int opt_warmup = 5;
static long opt_timeout_ms = 5000;
static const char *opt_fifo;
static const char *opt_log = "/dev/null";
static const char *opt_raw;
static int opt_exit; /* -x: time until COMMAND exits, no handler record */

static char fifo_path[PATH_MAX];
static int fifo_created;
static int fifo_fd = -1;
static int sig_fd = -1;
static char err_msg[1024];
static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
    stop_signal = sig;
}

static void cleanup(void)
{
    if (fifo_created)
        unlink(fifo_path);
}

static void set_err(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err_msg, sizeof err_msg, fmt, ap);
    va_end(ap);
}

static void die_usage(const char *msg)
{
    if (msg)
        fprintf(stderr, "driver: %s\n", msg);
    fprintf(stderr,
            "usage: driver {-u URL | -x} [-n RUNS] [-w WARMUP] [-t TIMEOUT_MS] [-f FIFO] [-l LOG] [-o RAW]"
            " -- COMMAND [ARG...]\n");
    exit(2);
}

static double ts_ms(const struct timespec *t)
{
    return (double)t->tv_sec * 1e3 + (double)t->tv_nsec / 1e6;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return ts_ms(&t);
}

/* Resolve COMMAND like execvp does, but before any timing starts. */
static int resolve(const char *name, char *out, size_t outlen)
{
    if (strchr(name, '/')) {
        if (access(name, X_OK) != 0)
            return -1;
        snprintf(out, outlen, "%s", name);
        return 0;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        const char *end = strchrnul(path, ':');
        int len = (int)(end - path);
        snprintf(out, outlen, "%.*s/%s", len ? len : 1, len ? path : ".", name);
        struct stat st;
        if (stat(out, &st) == 0 && S_ISREG(st.st_mode) && access(out, X_OK) == 0)
            return 0;
        path = *end ? end + 1 : end;
    }
    return -1;
}

/* PIDs of our direct children (includes orphans reparented to us). */
static int list_children(pid_t *out, int max)
{
    int n = 0;
    pid_t self = getpid();
    DIR *d = opendir("/proc");
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < max) {
        if (!isdigit((unsigned char)e->d_name[0]))
            continue;
        char p[300], buf[512];
        snprintf(p, sizeof p, "/proc/%s/stat", e->d_name);
        int fd = open(p, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        ssize_t r = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (r <= 0)
            continue;
        buf[r] = '\0';
        char *rp = strrchr(buf, ')'); /* comm may contain spaces */
        char state;
        int ppid;
        if (rp && sscanf(rp + 1, " %c %d", &state, &ppid) == 2 && ppid == self)
            out[n++] = (pid_t)atoi(e->d_name);
    }
    closedir(d);
    return n;
}

static void describe_children(char *out, size_t outlen)
{
    pid_t kids[64];
    int n = list_children(kids, 64);
    size_t off = 0;
    out[0] = '\0';
    for (int i = 0; i < n && off < outlen; i++) {
        char p[64], comm[64] = "?";
        snprintf(p, sizeof p, "/proc/%d/comm", (int)kids[i]);
        FILE *f = fopen(p, "re");
        if (f) {
            if (fgets(comm, sizeof comm, f))
                comm[strcspn(comm, "\n")] = '\0';
            fclose(f);
        }
        off += (size_t)snprintf(out + off, outlen - off, "%s%d(%s)", i ? " " : "", (int)kids[i], comm);
    }
}

/* Kill everything the run left behind and reap it (bounded). */
static void kill_all(pid_t pgid)
{
    for (int round = 0; round < 50; round++) {
        if (pgid > 0)
            kill(-pgid, SIGKILL);
        pid_t kids[256];
        int n = list_children(kids, 256);
        for (int i = 0; i < n; i++)
            kill(kids[i], SIGKILL);
        int st;
        pid_t r;
        while ((r = waitpid(-1, &st, WNOHANG)) > 0)
            ;
        if (r < 0 && errno == ECHILD)
            return;
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    fprintf(stderr, "driver: warning: could not reap all leftover processes\n");
}

static void drain_sigfd(void)
{
    struct signalfd_siginfo si;
    while (read(sig_fd, &si, sizeof si) == (ssize_t)sizeof si)
        ;
}

static void describe_status(int st, char *out, size_t outlen)
{
    if (WIFEXITED(st))
        snprintf(out, outlen, "exited with status %d", WEXITSTATUS(st));
    else if (WIFSIGNALED(st))
        snprintf(out, outlen, "killed by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
    else
        snprintf(out, outlen, "wait status 0x%x", st);
}

/*
 * Parse one record line. Returns 0 and sets *lat if it is valid for this run.
 * Format: FERRYBENCH1 <token> <sec> <nsec> <pid> <argc> <url...>
 */
static int check_record(char *line, const char *token, const struct timespec *t0, double *lat)
{
    char tok[128];
    long long sec;
    long nsec, hpid;
    int argc, off = 0;
    if (sscanf(line, "FERRYBENCH1 %127s %lld %ld %ld %d %n", tok, &sec, &nsec, &hpid, &argc, &off) != 5 ||
        off == 0) {
        set_err("garbled record from handler: '%s'", line);
        return -1;
    }
    const char *url = line + off;
    if (strcmp(tok, token) != 0) {
        set_err("record from handler pid %ld carries token '%s', expected '%s' "
                "(stale/late handler, or BENCH_TOKEN not passed through)", hpid, tok, token);
        return -1;
    }
    if (argc != 2 || strcmp(url, opt_url) != 0) {
        set_err("handler pid %ld got argc=%d argv[1]='%s', expected argc=2 argv[1]='%s'",
                hpid, argc, argc > 1 ? url : "", opt_url);
        return -1;
    }
    struct timespec h = {(time_t)sec, nsec};
    *lat = ts_ms(&h) - ts_ms(t0);
    if (*lat < 0) {
        set_err("handler timestamp precedes spawn (%.3f ms): clock mismatch?", *lat);
        return -1;
    }
    return 0;
}

static int run_once(int idx, const char *path, char **argv, posix_spawnattr_t *attr,
                    posix_spawn_file_actions_t *fa, double *lat_out)
{
    char token[64], buf[PIPE_BUF * 4];
    size_t buflen = 0;
    snprintf(token, sizeof token, "%d-%d", (int)getpid(), idx);
    setenv("BENCH_TOKEN", token, 1);

    /* Nothing may be waiting in the FIFO before we start. */
    ssize_t r = read(fifo_fd, buf, sizeof buf);
    if (r > 0) {
        set_err("unexpected data in FIFO before run %d: '%.*s'", idx, (int)r, buf);
        return -1;
    }

    struct timespec t0;
    pid_t pid;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = posix_spawn(&pid, path, fa, attr, argv, environ);
    if (rc != 0) {
        set_err("posix_spawn %s: %s", path, strerror(rc));
        return -1;
    }

    double deadline = ts_ms(&t0) + (double)opt_timeout_ms;
    int got_record = opt_exit, cmd_done = 0, cmd_status = 0, no_children = 0;
    double lat = 0;

    for (;;) {
        if (got_record && cmd_done && no_children)
            break;
        double left = deadline - now_ms();
        if (left <= 0) {
            char kids[512];
            describe_children(kids, sizeof kids);
            if (!got_record)
                set_err("timeout after %ld ms: the handler never reported the URL "
                        "(command %s; still running: %s)", opt_timeout_ms,
                        cmd_done ? "exited" : "still running", kids[0] ? kids : "nothing");
            else
                set_err("timeout after %ld ms: URL arrived after %.3f ms but processes "
                        "did not exit: %s%s", opt_timeout_ms, lat,
                        cmd_done ? "" : "(the command itself) ", kids);
            kill_all(pid);
            return -1;
        }
        struct pollfd pfd[2] = {{fifo_fd, POLLIN, 0}, {sig_fd, POLLIN, 0}};
        int pr = poll(pfd, 2, (int)left + 1);
        if (stop_signal) {
            set_err("interrupted by signal %d", (int)stop_signal);
            kill_all(pid);
            return -1;
        }
        if (pr < 0) {
            if (errno == EINTR)
                continue;
            set_err("poll: %s", strerror(errno));
            kill_all(pid);
            return -1;
        }
        if (pfd[0].revents & POLLIN) {
            r = read(fifo_fd, buf + buflen, sizeof buf - 1 - buflen);
            if (r > 0) {
                buflen += (size_t)r;
                buf[buflen] = '\0';
                char *nl;
                while ((nl = memchr(buf, '\n', buflen)) != NULL) {
                    *nl = '\0';
                    if (got_record) {
                        set_err("handler reported more than once in one run (second record: '%s')", buf);
                        kill_all(pid);
                        return -1;
                    }
                    if (check_record(buf, token, &t0, &lat) != 0) {
                        kill_all(pid);
                        return -1;
                    }
                    got_record = 1;
                    size_t used = (size_t)(nl - buf) + 1;
                    memmove(buf, nl + 1, buflen - used);
                    buflen -= used;
                }
                if (buflen >= sizeof buf - 1) {
                    set_err("oversized record in FIFO");
                    kill_all(pid);
                    return -1;
                }
            }
        }
        if (pfd[1].revents & POLLIN) {
            drain_sigfd();
            for (;;) {
                int st;
                pid_t w = waitpid(-1, &st, WNOHANG);
                if (w > 0) {
                    if (w == pid) {
                        cmd_done = 1;
                        cmd_status = st;
                        if (opt_exit)
                            lat = now_ms() - ts_ms(&t0);
                    }
                    continue;
                }
                if (w < 0 && errno == ECHILD)
                    no_children = 1;
                break;
            }
            if (cmd_done && !(WIFEXITED(cmd_status) && WEXITSTATUS(cmd_status) == 0)) {
                char how[128];
                describe_status(cmd_status, how, sizeof how);
                set_err("command %s%s (its output is in the log)", how,
                        got_record ? " although the URL arrived" : " and the URL never arrived");
                kill_all(pid);
                return -1;
            }
            if (no_children && !got_record) {
                /* The record may have landed just before the last exit. */
                struct pollfd p1 = {fifo_fd, POLLIN, 0};
                if (poll(&p1, 1, 0) == 1)
                    continue; /* loop reads it; no_children stays set */
                set_err("command exited 0 and nothing it started is still running, "
                        "but the handler never reported the URL");
                return -1;
            }
        }
    }
    /* Everything has exited: anything else in the FIFO is a second handler. */
    r = read(fifo_fd, buf + buflen, sizeof buf - 1 - buflen);
    if (r > 0)
        buflen += (size_t)r;
    if (buflen > 0) {
        set_err("handler reported more than once, or wrote a partial record: '%.*s'", (int)buflen, buf);
        return -1;
    }
    *lat_out = lat;
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Linear interpolation between closest ranks (numpy's default). */
static double percentile(const double *sorted, int n, double p)
{
    double pos = p * (double)(n - 1);
    int lo = (int)pos;
    if (lo >= n - 1)
        return sorted[n - 1];
    double frac = pos - (double)lo;
    return sorted[lo] + (sorted[lo + 1] - sorted[lo]) * frac;
}

int main(int argc, char **argv)
{
    int c;
    while ((c = getopt(argc, argv, "+u:n:w:t:f:l:o:xh")) != -1) {
        switch (c) {
        case 'u': opt_url = optarg; break;
        case 'n': opt_runs = atoi(optarg); break;
        case 'w': opt_warmup = atoi(optarg); break;
        case 't': opt_timeout_ms = atol(optarg); break;
        case 'f': opt_fifo = optarg; break;
        case 'l': opt_log = optarg; break;
        case 'o': opt_raw = optarg; break;
        case 'x': opt_exit = 1; break;
        case 'h': die_usage(NULL); break;
        default: die_usage(NULL);
        }
    }
    if (opt_exit)
        opt_url = "";
    else if (!opt_url || !*opt_url)
        die_usage("-u URL or -x is required");
    if (opt_runs < 1 || opt_warmup < 0 || opt_timeout_ms < 1)
        die_usage("bad -n/-w/-t value");
    if (strchr(opt_url, '\n') || strlen(opt_url) > 1024)
        die_usage("URL must be one line of at most 1024 bytes");
    if (optind >= argc)
        die_usage("missing COMMAND");
    char **cmd = argv + optind;

    char path[PATH_MAX];
    if (resolve(cmd[0], path, sizeof path) != 0) {
        fprintf(stderr, "driver: %s: command not found or not executable\n", cmd[0]);
        return 2;
    }

    /* Orphaned descendants (the handler after a launcher exits) come to us. */
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) {
        fprintf(stderr, "driver: PR_SET_CHILD_SUBREAPER: %s\n", strerror(errno));
        return 2;
    }

    sigset_t chld, empty;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigemptyset(&empty);
    sigprocmask(SIG_BLOCK, &chld, NULL);
    sig_fd = signalfd(-1, &chld, SFD_NONBLOCK | SFD_CLOEXEC);
    if (sig_fd < 0) {
        fprintf(stderr, "driver: signalfd: %s\n", strerror(errno));
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    /* No SA_RESTART: poll() returns EINTR, the run's processes are killed, we exit. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);

    if (opt_fifo)
        snprintf(fifo_path, sizeof fifo_path, "%s", opt_fifo);
    else
        snprintf(fifo_path, sizeof fifo_path, "%s/ferrybench-%d.fifo",
                 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
    unlink(fifo_path);
    if (mkfifo(fifo_path, 0600) != 0) {
        fprintf(stderr, "driver: mkfifo %s: %s\n", fifo_path, strerror(errno));
        return 2;
    }
    fifo_created = 1;
    atexit(cleanup);
    /* O_RDWR: we hold a writer ourselves, so there is never EOF/POLLHUP between handlers. */
    fifo_fd = open(fifo_path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fifo_fd < 0) {
        fprintf(stderr, "driver: open %s: %s\n", fifo_path, strerror(errno));
        return 2;
    }
    setenv("BENCH_FIFO", fifo_path, 1);

    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setsigmask(&attr, &empty);
    sigset_t defs;
    sigemptyset(&defs);
    sigaddset(&defs, SIGCHLD);
    sigaddset(&defs, SIGPIPE);
    sigaddset(&defs, SIGINT);
    sigaddset(&defs, SIGTERM);
    sigaddset(&defs, SIGHUP);
    posix_spawnattr_setsigdefault(&attr, &defs);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, opt_log, O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);

    double *samples = calloc((size_t)opt_runs, sizeof *samples);
    if (!samples)
        return 2;
    int total = opt_warmup + opt_runs;
    for (int i = 0; i < total; i++) {
        double lat;
        if (stop_signal || run_once(i, path, cmd, &attr, &fa, &lat) != 0) {
            if (stop_signal) {
                fprintf(stderr, "driver: interrupted by signal %d\n", (int)stop_signal);
                return 128 + (int)stop_signal;
            }
            fprintf(stderr, "driver: %s run %d/%d: %s\n", i < opt_warmup ? "warm-up" : "measured",
                    i < opt_warmup ? i + 1 : i - opt_warmup + 1, i < opt_warmup ? opt_warmup : opt_runs,
                    err_msg);
            return 1;
        }
        if (i >= opt_warmup)
            samples[i - opt_warmup] = lat;
    }

    if (opt_raw) {
        FILE *f = fopen(opt_raw, "w");
        if (!f) {
            fprintf(stderr, "driver: %s: %s\n", opt_raw, strerror(errno));
            return 2;
        }
        for (int i = 0; i < opt_runs; i++)
            fprintf(f, "%.6f\n", samples[i]);
        fclose(f);
    }
    qsort(samples, (size_t)opt_runs, sizeof *samples, cmp_double);
    printf("%.3f %.3f %.3f %.3f %.3f %d\n", percentile(samples, opt_runs, 0.5),
           percentile(samples, opt_runs, 0.1), percentile(samples, opt_runs, 0.9), samples[0],
           samples[opt_runs - 1], opt_runs);
    return 0;
}
