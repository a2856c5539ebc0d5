// glibc calls that Swift's Glibc module does not export: declared by glibc only under _GNU_SOURCE
// (memfd_create, syncfs, renameat2, memmem, posix_spawn_file_actions_addclosefrom_np) or in malloc.h (malloc_trim). Each is a plain
// forwarder compiled in shim.c with _GNU_SOURCE set, so Swift gets real prototypes instead of
// `@_silgen_name` bindings whose types nobody checks.
#ifndef FERRY_CFERRYSYS_H
#define FERRY_CFERRYSYS_H

#include <stddef.h>

/// `MFD_CLOEXEC` for ferry_memfd_create.
#define FERRY_MFD_CLOEXEC 1U
/// `RENAME_NOREPLACE` for ferry_renameat2: fail with EEXIST rather than replace.
#define FERRY_RENAME_NOREPLACE 1U

int ferry_memfd_create(const char *name, unsigned int flags);
int ferry_malloc_trim(size_t pad);
/// mallopt(M_ARENA_MAX, count): at most `count` malloc arenas, however many threads allocate.
int ferry_malloc_arena_max(int count);
int ferry_syncfs(int fd);
int ferry_renameat2(int old_directory, const char *old_path, int new_directory, const char *new_path,
                    unsigned int flags);
/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34+): close every descriptor from `first` on
/// in the child. Returns ENOSYS where the C library lacks it.
int ferry_spawn_addclosefrom(void *actions, int first);
/// pidfd_open(2) (Linux 5.3): a descriptor that polls readable once process `pid` has ended, even
/// when it is not our child. -1 with errno ENOSYS where the kernel lacks it.
int ferry_pidfd_open(int pid);
/// timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC): not in Swift's Glibc module.
int ferry_realtime_timerfd(void);
/// Arms `fd` for `seconds` since the epoch with TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET: its
/// read then fails with ECANCELED when the system clock is set.
int ferry_timerfd_arm(int fd, long long seconds);
void *ferry_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
