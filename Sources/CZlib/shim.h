#pragma once
// zlib, for the gzip payload of KeePass files (Swift on Linux has no Compression framework).
#include <zlib.h>
