#include "CFscrypt.h"

#include <errno.h>
#include <linux/fscrypt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

static void cfscrypt_spec(struct fscrypt_key_specifier *spec, const uint8_t *identifier) {
    memset(spec, 0, sizeof(*spec));
    spec->type = FSCRYPT_KEY_SPEC_TYPE_IDENTIFIER;
    memcpy(spec->u.identifier, identifier, FSCRYPT_KEY_IDENTIFIER_SIZE);
}

int cfscrypt_set_policy_v2(int fd, const uint8_t identifier[CFSCRYPT_IDENTIFIER_SIZE]) {
    struct fscrypt_policy_v2 policy;
    memset(&policy, 0, sizeof(policy));
    policy.version = FSCRYPT_POLICY_V2;
    policy.contents_encryption_mode = FSCRYPT_MODE_AES_256_XTS;
    policy.filenames_encryption_mode = FSCRYPT_MODE_AES_256_CTS;
    policy.flags = FSCRYPT_POLICY_FLAGS_PAD_32;
    memcpy(policy.master_key_identifier, identifier, FSCRYPT_KEY_IDENTIFIER_SIZE);
    return ioctl(fd, FS_IOC_SET_ENCRYPTION_POLICY, &policy) == 0 ? 0 : -errno;
}

int cfscrypt_get_policy(int fd, uint8_t *version, uint8_t identifier[CFSCRYPT_IDENTIFIER_SIZE]) {
    struct fscrypt_get_policy_ex_arg arg;
    memset(&arg, 0, sizeof(arg));
    arg.policy_size = sizeof(arg.policy);
    if (ioctl(fd, FS_IOC_GET_ENCRYPTION_POLICY_EX, &arg) != 0) return -errno;
    *version = arg.policy.version;
    if (arg.policy.version == FSCRYPT_POLICY_V2)
        memcpy(identifier, arg.policy.v2.master_key_identifier, FSCRYPT_KEY_IDENTIFIER_SIZE);
    return 0;
}

int cfscrypt_add_key(int fd, const uint8_t *raw, uint32_t size, uint8_t identifier[CFSCRYPT_IDENTIFIER_SIZE]) {
    if (size == 0 || size > FSCRYPT_MAX_KEY_SIZE) return -EINVAL;
    size_t total = sizeof(struct fscrypt_add_key_arg) + size;
    struct fscrypt_add_key_arg *arg = calloc(1, total);
    if (arg == NULL) return -ENOMEM;
    arg->key_spec.type = FSCRYPT_KEY_SPEC_TYPE_IDENTIFIER;
    arg->raw_size = size;
    memcpy(arg->raw, raw, size);
    int result = ioctl(fd, FS_IOC_ADD_ENCRYPTION_KEY, arg) == 0 ? 0 : -errno;
    if (result == 0) memcpy(identifier, arg->key_spec.u.identifier, FSCRYPT_KEY_IDENTIFIER_SIZE);
    // The raw key must not linger in freed memory.
    explicit_bzero(arg, total);
    free(arg);
    return result;
}

int cfscrypt_remove_key(int fd, const uint8_t identifier[CFSCRYPT_IDENTIFIER_SIZE], uint32_t *flags) {
    struct fscrypt_remove_key_arg arg;
    memset(&arg, 0, sizeof(arg));
    cfscrypt_spec(&arg.key_spec, identifier);
    if (ioctl(fd, FS_IOC_REMOVE_ENCRYPTION_KEY, &arg) != 0) return -errno;
    *flags = arg.removal_status_flags;
    return 0;
}

int cfscrypt_key_status(int fd, const uint8_t identifier[CFSCRYPT_IDENTIFIER_SIZE], uint32_t *status,
                        uint32_t *flags, uint32_t *users) {
    struct fscrypt_get_key_status_arg arg;
    memset(&arg, 0, sizeof(arg));
    cfscrypt_spec(&arg.key_spec, identifier);
    if (ioctl(fd, FS_IOC_GET_ENCRYPTION_KEY_STATUS, &arg) != 0) return -errno;
    *status = arg.status;
    *flags = arg.status_flags;
    *users = arg.user_count;
    return 0;
}
