#pragma once
// Debian's libargon2 (the reference implementation): KeePass files need Argon2d, which libsodium lacks.
#include <argon2.h>
