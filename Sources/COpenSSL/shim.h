#pragma once
// OpenSSL libcrypto, only for what libsodium lacks (SHA-1 HMAC, AES-CBC, DH, P-256, HKDF).
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/hmac.h>
