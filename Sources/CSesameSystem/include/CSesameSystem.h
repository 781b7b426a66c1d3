#pragma once
#include <spawn.h>
#include <sys/types.h>

// What Glibc's Swift module hides (it is built without _GNU_SOURCE) or Swift cannot call (variadic functions).
// Each returns 0 (or a descriptor) on success and -1 with errno set, unless it says otherwise.

/// Marks the process non-dumpable: no core files, no ptrace attach by other processes of the same user.
int sesame_set_nondumpable(void);

/// Reads the peer credentials of a connected Unix socket (SO_PEERCRED).
int sesame_peer_credentials(int fd, pid_t *pid, uid_t *uid, gid_t *gid);

/// accept4 with SOCK_CLOEXEC and SOCK_NONBLOCK: the new descriptor is never inherited, not even for an instant.
/// Returns the descriptor, or -1 with errno set.
int sesame_accept_cloexec(int fd);

/// The posix_spawn flag that starts the child in a new session (POSIX_SPAWN_SETSID).
short sesame_posix_spawn_setsid(void);

/// Closes every descriptor from `lowest` up in the spawned child (posix_spawn_file_actions_addclosefrom_np).
/// Returns 0, or an error number (as posix_spawn_file_actions_* do).
int sesame_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Has glibc overwrite every heap block it frees with `byte` (mallopt M_PERTURB, from <malloc.h>, which Swift's
/// Glibc module does not include). Returns 1 on success, 0 on failure, as mallopt does.
int sesame_perturb_freed_memory(int byte);
