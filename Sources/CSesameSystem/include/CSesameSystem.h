#pragma once
#include <sys/types.h>

/// Marks the process non-dumpable: no core files, no ptrace attach by other processes of the same user.
/// Returns 0 on success, -1 with errno set.
int sesame_set_nondumpable(void);

/// Reads the peer credentials of a connected Unix socket (SO_PEERCRED).
/// Returns 0 on success, -1 with errno set.
int sesame_peer_credentials(int fd, pid_t *pid, uid_t *uid, gid_t *gid);
