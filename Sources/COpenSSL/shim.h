#pragma once
// OpenSSL libcrypto, only for what libsodium lacks (SHA-1 HMAC, AES-CBC, DH, ECDSA P-256 and PKCS#8, HKDF).
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/hmac.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/kdf.h>
#include <openssl/bn.h>
#include <openssl/dh.h>
#include <openssl/x509.h>
