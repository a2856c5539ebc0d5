// The fscrypt ioctls of <linux/fscrypt.h> behind plain functions, so Swift never builds the kernel's
// structs (flexible array members, unions) itself. Each returns 0 or -errno.
#ifndef CFSCRYPT_H
#define CFSCRYPT_H

#include <stdint.h>
#include <sys/xattr.h>  // getxattr/setxattr for the recorded class, which Glibc's module leaves out

#define CFSCRYPT_IDENTIFIER_SIZE 16
#define CFSCRYPT_MAX_KEY_SIZE 64

#define CFSCRYPT_STATUS_ABSENT 1
#define CFSCRYPT_STATUS_PRESENT 2
#define CFSCRYPT_STATUS_INCOMPLETELY_REMOVED 3
#define CFSCRYPT_STATUS_FLAG_ADDED_BY_SELF 0x1
#define CFSCRYPT_REMOVAL_FILES_BUSY 0x1
#define CFSCRYPT_REMOVAL_OTHER_USERS 0x2

/// Sets a v2 policy (AES-256-XTS contents, AES-256-CTS names, 32-byte padding) on an empty directory.
int cfscrypt_set_policy_v2(int fd, const uint8_t identifier[CFSCRYPT_IDENTIFIER_SIZE]);

/// Reads a file's policy. `*version` is 2 with `identifier` filled, or 0/1 for v1 (identifier
/// untouched). -ENODATA: not encrypted.
int cfscrypt_get_policy(int fd, uint8_t *version, uint8_t identifier[CFSCRYPT_IDENTIFIER_SIZE]);

/// Adds a raw key to the filesystem's keyring; the kernel returns the key's identifier.
int cfscrypt_add_key(int fd, const uint8_t *raw, uint32_t size, uint8_t identifier[CFSCRYPT_IDENTIFIER_SIZE]);

/// Removes this user's claim on a key. `*flags` gets the kernel's removal status flags.
int cfscrypt_remove_key(int fd, const uint8_t identifier[CFSCRYPT_IDENTIFIER_SIZE], uint32_t *flags);

/// A key's status (CFSCRYPT_STATUS_*), its flags and how many users added it.
int cfscrypt_key_status(int fd, const uint8_t identifier[CFSCRYPT_IDENTIFIER_SIZE], uint32_t *status,
                        uint32_t *flags, uint32_t *users);

#endif
