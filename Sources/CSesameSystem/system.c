// Glibc's Swift module is built without _GNU_SOURCE, which hides struct ucred, accept4, POSIX_SPAWN_SETSID and
// posix_spawn_file_actions_addclosefrom_np, and prctl is variadic; all are reachable from this C file only.
#define _GNU_SOURCE
#include "CSesameSystem.h"
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

int sesame_set_nondumpable(void) {
#ifdef __linux__
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int sesame_peer_credentials(int fd, pid_t *pid, uid_t *uid, gid_t *gid) {
#ifdef __linux__
    struct ucred cred;
    socklen_t length = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) != 0) return -1;
    *pid = cred.pid;
    *uid = cred.uid;
    *gid = cred.gid;
    return 0;
#else
    // Darwin: getpeereid gives uid and gid; the pid is not needed for the check.
    *pid = 0;
    return getpeereid(fd, uid, gid);
#endif
}

int sesame_accept_cloexec(int fd) {
#ifdef __linux__
    return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
#else
    errno = ENOSYS;
    return -1;
#endif
}

short sesame_posix_spawn_setsid(void) {
#ifdef POSIX_SPAWN_SETSID
    return POSIX_SPAWN_SETSID;
#else
    return 0;
#endif
}

int sesame_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return ENOSYS;
#endif
}

#ifdef __GLIBC__
#include <malloc.h>
int sesame_perturb_freed_memory(int byte) {
    return mallopt(M_PERTURB, byte);
}
#else
int sesame_perturb_freed_memory(int byte) {
    (void)byte;
    return 0;
}
#endif
