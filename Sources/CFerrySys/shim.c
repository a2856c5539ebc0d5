#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "CFerrySys.h"

int ferry_memfd_create(const char *name, unsigned int flags) { return memfd_create(name, flags); }

int ferry_malloc_trim(size_t pad) { return malloc_trim(pad); }

int ferry_malloc_arena_max(int count) { return mallopt(M_ARENA_MAX, count); }

int ferry_syncfs(int fd) { return syncfs(fd); }

int ferry_realtime_timerfd(void) { return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC); }

int ferry_timerfd_arm(int fd, long long seconds) {
    struct itimerspec spec = {.it_value = {.tv_sec = (time_t)seconds}};
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

int ferry_renameat2(int old_directory, const char *old_path, int new_directory, const char *new_path,
                    unsigned int flags) {
    return renameat2(old_directory, old_path, new_directory, new_path, flags);
}

void *ferry_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

int ferry_spawn_addclosefrom(void *actions, int first) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, first);
#else
    (void)actions;
    (void)first;
    return ENOSYS;
#endif
}

int ferry_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}
