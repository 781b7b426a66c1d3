// Glibc's Swift module is built without _GNU_SOURCE, which hides struct ucred, and prctl is variadic;
// both are reachable from this C file only.
#define _GNU_SOURCE
#include "CSesameSystem.h"
#include <sys/prctl.h>
#include <sys/socket.h>

int sesame_set_nondumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

int sesame_peer_credentials(int fd, pid_t *pid, uid_t *uid, gid_t *gid) {
    struct ucred cred;
    socklen_t length = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) != 0) return -1;
    *pid = cred.pid;
    *uid = cred.uid;
    *gid = cred.gid;
    return 0;
}
