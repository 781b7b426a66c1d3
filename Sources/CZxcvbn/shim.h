#pragma once
// Debian's libzxcvbn (tsyrogit/zxcvbn-c, dictionary built in): password strength estimation for `sesame audit`.
#include <zxcvbn.h>
