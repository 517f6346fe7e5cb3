// The system's libcrypto (OpenSSL 3) as CryptoKit's P-256 and AES-GCM, loaded at run time (dlopen),
// behind functions that take and give plain bytes.
//
// There is no link-time dependency on libcrypto, and building needs no OpenSSL headers: where
// `libcrypto.so.3` cannot be loaded, `pushsim_crypto_load` returns 0 and nothing else may be
// called. Keys cross this boundary as bytes (a P-256 private key as its 32-byte scalar, a public
// key as its 65-byte uncompressed point `04 || x || y`); each call builds and frees the library's
// objects it needs, so no library object outlives a call.
#ifndef CPUSHCRYPTO_H
#define CPUSHCRYPTO_H

#include <stddef.h>
#include <stdint.h>

/// Loads `libcrypto.so.3` and the functions below use, once per process (thread-safe); 1 when
/// the library is usable, 0 when it is not.
int pushsim_crypto_load(void);

/// The library's most recent error code on this thread (`ERR_get_error`), clearing the queue; 0
/// when there is none.
unsigned long pushsim_crypto_last_error(void);

/// The public point of the private scalar `scalar` (32 bytes, big-endian) into `point` (65
/// bytes); 1 on success, 0 when the scalar is not in 1..<n or the library fails.
int pushsim_p256_public_key(const uint8_t *scalar, uint8_t *point);

/// Decodes a point (65 bytes uncompressed or 33 bytes compressed) into its 65-byte uncompressed
/// form, checking that it lies on the curve; 1 on success, 0 when it does not.
int pushsim_p256_decode_point(const uint8_t *bytes, size_t count, uint8_t *point);

/// ECDH: the x coordinate of `scalar` times `point` into `secret` (32 bytes); 1 on success.
int pushsim_p256_ecdh(const uint8_t *scalar, const uint8_t *point, uint8_t *secret);

/// ECDSA: signs `digest` (`count` bytes) with `scalar`, writing r and s (32 bytes each) into
/// `signature` (64 bytes); 1 on success.
int pushsim_p256_sign(
    const uint8_t *scalar, const uint8_t *digest, size_t count, uint8_t *signature);

/// ECDSA: whether `signature` (r and s, 64 bytes) is `point`'s signature of `digest`; 1 valid,
/// 0 not valid, -1 when the library fails.
int pushsim_p256_verify(
    const uint8_t *point, const uint8_t *digest, size_t count, const uint8_t *signature);

/// The scalar of a DER private key (PKCS #8 or SEC 1 `ECPrivateKey`) that must be a P-256 key,
/// into `scalar` (32 bytes); 1 on success, 0 when the bytes are no such key.
int pushsim_p256_private_key_from_der(const uint8_t *der, size_t count, uint8_t *scalar);

/// The point of a DER `SubjectPublicKeyInfo` that must be a P-256 key, into `point` (65
/// bytes); 1 on success, 0 when the bytes are no such key.
int pushsim_p256_public_key_from_der(const uint8_t *der, size_t count, uint8_t *point);

/// AES-GCM encryption with a 16-, 24- or 32-byte key: `count` bytes of `plaintext` into
/// `ciphertext` (`count` bytes) and the 16-byte `tag`; 1 on success.
int pushsim_aes_gcm_seal(
    const uint8_t *key, size_t key_count, const uint8_t *nonce, size_t nonce_count,
    const uint8_t *aad, size_t aad_count, const uint8_t *plaintext, size_t count,
    uint8_t *ciphertext, uint8_t *tag);

/// AES-GCM decryption: `count` bytes of `ciphertext` into `plaintext`, checking the 16-byte
/// `tag`; 1 when authentic, 0 when the tag does not match, -1 when the library fails.
int pushsim_aes_gcm_open(
    const uint8_t *key, size_t key_count, const uint8_t *nonce, size_t nonce_count,
    const uint8_t *aad, size_t aad_count, const uint8_t *ciphertext, size_t count,
    const uint8_t *tag, uint8_t *plaintext);

#endif
