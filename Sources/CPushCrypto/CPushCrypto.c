// See include/CPushCrypto.h. The libcrypto prototypes are declared here, from OpenSSL 3's ABI
// (`include/openssl/*.h`), so that building needs no OpenSSL headers either. The EC_KEY
// functions are deprecated in OpenSSL 3's headers, not removed: libcrypto.so.3 exports them.
#include "CPushCrypto.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>

typedef struct ec_key EC_KEY;
typedef struct ec_group EC_GROUP;
typedef struct ec_point EC_POINT;
typedef struct bignum BIGNUM;
typedef struct ecdsa_sig ECDSA_SIG;
typedef struct evp_pkey EVP_PKEY;
typedef struct evp_cipher EVP_CIPHER;
typedef struct evp_cipher_ctx EVP_CIPHER_CTX;

// NID_X9_62_prime256v1, POINT_CONVERSION_UNCOMPRESSED, and the GCM controls.
enum { PUSHSIM_NID_P256 = 415, PUSHSIM_UNCOMPRESSED = 4 };
enum { PUSHSIM_GCM_SET_IVLEN = 0x9, PUSHSIM_GCM_GET_TAG = 0x10, PUSHSIM_GCM_SET_TAG = 0x11 };

static struct {
  EC_KEY *(*ec_key_new_by_curve_name)(int);
  void (*ec_key_free)(EC_KEY *);
  const EC_GROUP *(*ec_key_get0_group)(const EC_KEY *);
  int (*ec_key_set_private_key)(EC_KEY *, const BIGNUM *);
  int (*ec_key_set_public_key)(EC_KEY *, const EC_POINT *);
  const BIGNUM *(*ec_key_get0_private_key)(const EC_KEY *);
  const EC_POINT *(*ec_key_get0_public_key)(const EC_KEY *);
  const BIGNUM *(*ec_group_get0_order)(const EC_GROUP *);
  int (*ec_group_get_curve_name)(const EC_GROUP *);
  EC_POINT *(*ec_point_new)(const EC_GROUP *);
  void (*ec_point_free)(EC_POINT *);
  int (*ec_point_mul)(
      const EC_GROUP *, EC_POINT *, const BIGNUM *, const EC_POINT *, const BIGNUM *, void *);
  int (*ec_point_oct2point)(const EC_GROUP *, EC_POINT *, const unsigned char *, size_t, void *);
  size_t (*ec_point_point2oct)(
      const EC_GROUP *, const EC_POINT *, int, unsigned char *, size_t, void *);
  BIGNUM *(*bn_bin2bn)(const unsigned char *, int, BIGNUM *);
  int (*bn_bn2binpad)(const BIGNUM *, unsigned char *, int);
  void (*bn_clear_free)(BIGNUM *);
  int (*bn_cmp)(const BIGNUM *, const BIGNUM *);
  int (*bn_is_zero)(const BIGNUM *);
  int (*ecdh_compute_key)(void *, size_t, const EC_POINT *, const EC_KEY *, void *);
  ECDSA_SIG *(*ecdsa_do_sign)(const unsigned char *, int, EC_KEY *);
  int (*ecdsa_do_verify)(const unsigned char *, int, const ECDSA_SIG *, EC_KEY *);
  ECDSA_SIG *(*ecdsa_sig_new)(void);
  void (*ecdsa_sig_free)(ECDSA_SIG *);
  void (*ecdsa_sig_get0)(const ECDSA_SIG *, const BIGNUM **, const BIGNUM **);
  int (*ecdsa_sig_set0)(ECDSA_SIG *, BIGNUM *, BIGNUM *);
  EVP_PKEY *(*d2i_autoprivatekey)(EVP_PKEY **, const unsigned char **, long);
  EVP_PKEY *(*d2i_pubkey)(EVP_PKEY **, const unsigned char **, long);
  void (*evp_pkey_free)(EVP_PKEY *);
  EC_KEY *(*evp_pkey_get1_ec_key)(EVP_PKEY *);
  EVP_CIPHER_CTX *(*cipher_ctx_new)(void);
  void (*cipher_ctx_free)(EVP_CIPHER_CTX *);
  int (*cipher_ctx_ctrl)(EVP_CIPHER_CTX *, int, int, void *);
  const EVP_CIPHER *(*aes_128_gcm)(void);
  const EVP_CIPHER *(*aes_192_gcm)(void);
  const EVP_CIPHER *(*aes_256_gcm)(void);
  int (*encrypt_init)(
      EVP_CIPHER_CTX *, const EVP_CIPHER *, void *, const unsigned char *, const unsigned char *);
  int (*encrypt_update)(EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
  int (*encrypt_final)(EVP_CIPHER_CTX *, unsigned char *, int *);
  int (*decrypt_init)(
      EVP_CIPHER_CTX *, const EVP_CIPHER *, void *, const unsigned char *, const unsigned char *);
  int (*decrypt_update)(EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
  int (*decrypt_final)(EVP_CIPHER_CTX *, unsigned char *, int *);
  unsigned long (*err_get_error)(void);
  void (*err_clear_error)(void);
} ssl;

static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

// Looks up `name` in `library` into `*slot` (a function pointer of any type); 0 when missing.
static int find(void *library, const char *name, void *slot) {
  void *address = dlsym(library, name);
  if (address == NULL) return 0;
  // A data pointer to a function pointer: POSIX guarantees dlsym's result converts.
  *(void **)slot = address;
  return 1;
}

static void load(void) {
  void *library = dlopen("libcrypto.so.3", RTLD_NOW);
  if (library == NULL) return;
  // The library initializes itself on first use (OpenSSL 1.1 and later) and is never unloaded.
  loaded = find(library, "EC_KEY_new_by_curve_name", &ssl.ec_key_new_by_curve_name)
           && find(library, "EC_KEY_free", &ssl.ec_key_free)
           && find(library, "EC_KEY_get0_group", &ssl.ec_key_get0_group)
           && find(library, "EC_KEY_set_private_key", &ssl.ec_key_set_private_key)
           && find(library, "EC_KEY_set_public_key", &ssl.ec_key_set_public_key)
           && find(library, "EC_KEY_get0_private_key", &ssl.ec_key_get0_private_key)
           && find(library, "EC_KEY_get0_public_key", &ssl.ec_key_get0_public_key)
           && find(library, "EC_GROUP_get0_order", &ssl.ec_group_get0_order)
           && find(library, "EC_GROUP_get_curve_name", &ssl.ec_group_get_curve_name)
           && find(library, "EC_POINT_new", &ssl.ec_point_new)
           && find(library, "EC_POINT_free", &ssl.ec_point_free)
           && find(library, "EC_POINT_mul", &ssl.ec_point_mul)
           && find(library, "EC_POINT_oct2point", &ssl.ec_point_oct2point)
           && find(library, "EC_POINT_point2oct", &ssl.ec_point_point2oct)
           && find(library, "BN_bin2bn", &ssl.bn_bin2bn)
           && find(library, "BN_bn2binpad", &ssl.bn_bn2binpad)
           && find(library, "BN_clear_free", &ssl.bn_clear_free)
           && find(library, "BN_cmp", &ssl.bn_cmp)
           && find(library, "BN_is_zero", &ssl.bn_is_zero)
           && find(library, "ECDH_compute_key", &ssl.ecdh_compute_key)
           && find(library, "ECDSA_do_sign", &ssl.ecdsa_do_sign)
           && find(library, "ECDSA_do_verify", &ssl.ecdsa_do_verify)
           && find(library, "ECDSA_SIG_new", &ssl.ecdsa_sig_new)
           && find(library, "ECDSA_SIG_free", &ssl.ecdsa_sig_free)
           && find(library, "ECDSA_SIG_get0", &ssl.ecdsa_sig_get0)
           && find(library, "ECDSA_SIG_set0", &ssl.ecdsa_sig_set0)
           && find(library, "d2i_AutoPrivateKey", &ssl.d2i_autoprivatekey)
           && find(library, "d2i_PUBKEY", &ssl.d2i_pubkey)
           && find(library, "EVP_PKEY_free", &ssl.evp_pkey_free)
           && find(library, "EVP_PKEY_get1_EC_KEY", &ssl.evp_pkey_get1_ec_key)
           && find(library, "EVP_CIPHER_CTX_new", &ssl.cipher_ctx_new)
           && find(library, "EVP_CIPHER_CTX_free", &ssl.cipher_ctx_free)
           && find(library, "EVP_CIPHER_CTX_ctrl", &ssl.cipher_ctx_ctrl)
           && find(library, "EVP_aes_128_gcm", &ssl.aes_128_gcm)
           && find(library, "EVP_aes_192_gcm", &ssl.aes_192_gcm)
           && find(library, "EVP_aes_256_gcm", &ssl.aes_256_gcm)
           && find(library, "EVP_EncryptInit_ex", &ssl.encrypt_init)
           && find(library, "EVP_EncryptUpdate", &ssl.encrypt_update)
           && find(library, "EVP_EncryptFinal_ex", &ssl.encrypt_final)
           && find(library, "EVP_DecryptInit_ex", &ssl.decrypt_init)
           && find(library, "EVP_DecryptUpdate", &ssl.decrypt_update)
           && find(library, "EVP_DecryptFinal_ex", &ssl.decrypt_final)
           && find(library, "ERR_get_error", &ssl.err_get_error)
           && find(library, "ERR_clear_error", &ssl.err_clear_error);
}

int pushsim_crypto_load(void) {
  pthread_once(&once, load);
  return loaded;
}

unsigned long pushsim_crypto_last_error(void) {
  unsigned long code = ssl.err_get_error();
  ssl.err_clear_error();
  return code;
}

// MARK: P-256

// A new P-256 key holding the scalar (checked to be in 1..<n) and its public point; NULL when
// the scalar is out of range or the library fails.
static EC_KEY *private_key(const uint8_t *scalar) {
  EC_KEY *key = ssl.ec_key_new_by_curve_name(PUSHSIM_NID_P256);
  if (key == NULL) return NULL;
  const EC_GROUP *group = ssl.ec_key_get0_group(key);
  BIGNUM *d = ssl.bn_bin2bn(scalar, 32, NULL);
  EC_POINT *point = ssl.ec_point_new(group);
  int ok = d != NULL && point != NULL && !ssl.bn_is_zero(d)
           && ssl.bn_cmp(d, ssl.ec_group_get0_order(group)) < 0
           && ssl.ec_key_set_private_key(key, d)
           && ssl.ec_point_mul(group, point, d, NULL, NULL, NULL)
           && ssl.ec_key_set_public_key(key, point);
  if (point != NULL) ssl.ec_point_free(point);
  if (d != NULL) ssl.bn_clear_free(d);
  if (!ok) {
    ssl.ec_key_free(key);
    return NULL;
  }
  return key;
}

// The point of `bytes` (uncompressed or compressed) on `group`, checked on the curve; NULL when
// it is not a point of the curve.
static EC_POINT *decode_point(const EC_GROUP *group, const uint8_t *bytes, size_t count) {
  EC_POINT *point = ssl.ec_point_new(group);
  if (point == NULL) return NULL;
  if (!ssl.ec_point_oct2point(group, point, bytes, count, NULL)) {
    ssl.ec_point_free(point);
    return NULL;
  }
  return point;
}

static int encode_point(const EC_GROUP *group, const EC_POINT *point, uint8_t *out) {
  return ssl.ec_point_point2oct(group, point, PUSHSIM_UNCOMPRESSED, out, 65, NULL) == 65;
}

// A new P-256 key holding only the public point `point` (65 bytes); NULL when it is not a point
// of the curve.
static EC_KEY *public_key(const uint8_t *point_bytes) {
  EC_KEY *key = ssl.ec_key_new_by_curve_name(PUSHSIM_NID_P256);
  if (key == NULL) return NULL;
  EC_POINT *point = decode_point(ssl.ec_key_get0_group(key), point_bytes, 65);
  int ok = point != NULL && ssl.ec_key_set_public_key(key, point);
  if (point != NULL) ssl.ec_point_free(point);
  if (!ok) {
    ssl.ec_key_free(key);
    return NULL;
  }
  return key;
}

int pushsim_p256_public_key(const uint8_t *scalar, uint8_t *point) {
  EC_KEY *key = private_key(scalar);
  if (key == NULL) return 0;
  int ok = encode_point(ssl.ec_key_get0_group(key), ssl.ec_key_get0_public_key(key), point);
  ssl.ec_key_free(key);
  return ok;
}

int pushsim_p256_decode_point(const uint8_t *bytes, size_t count, uint8_t *point) {
  EC_KEY *key = ssl.ec_key_new_by_curve_name(PUSHSIM_NID_P256);
  if (key == NULL) return 0;
  const EC_GROUP *group = ssl.ec_key_get0_group(key);
  EC_POINT *decoded = decode_point(group, bytes, count);
  int ok = decoded != NULL && encode_point(group, decoded, point);
  if (decoded != NULL) ssl.ec_point_free(decoded);
  ssl.ec_key_free(key);
  return ok;
}

int pushsim_p256_ecdh(const uint8_t *scalar, const uint8_t *point, uint8_t *secret) {
  EC_KEY *key = private_key(scalar);
  if (key == NULL) return 0;
  EC_POINT *peer = decode_point(ssl.ec_key_get0_group(key), point, 65);
  int ok = peer != NULL && ssl.ecdh_compute_key(secret, 32, peer, key, NULL) == 32;
  if (peer != NULL) ssl.ec_point_free(peer);
  ssl.ec_key_free(key);
  return ok;
}

int pushsim_p256_sign(
    const uint8_t *scalar, const uint8_t *digest, size_t count, uint8_t *signature) {
  if (count > INT_MAX) return 0;
  EC_KEY *key = private_key(scalar);
  if (key == NULL) return 0;
  ECDSA_SIG *sig = ssl.ecdsa_do_sign(digest, (int)count, key);
  int ok = 0;
  if (sig != NULL) {
    const BIGNUM *r = NULL, *s = NULL;
    ssl.ecdsa_sig_get0(sig, &r, &s);
    ok = ssl.bn_bn2binpad(r, signature, 32) == 32 && ssl.bn_bn2binpad(s, signature + 32, 32) == 32;
    ssl.ecdsa_sig_free(sig);
  }
  ssl.ec_key_free(key);
  return ok;
}

int pushsim_p256_verify(
    const uint8_t *point, const uint8_t *digest, size_t count, const uint8_t *signature) {
  if (count > INT_MAX) return -1;
  EC_KEY *key = public_key(point);
  if (key == NULL) return -1;
  ECDSA_SIG *sig = ssl.ecdsa_sig_new();
  BIGNUM *r = ssl.bn_bin2bn(signature, 32, NULL);
  BIGNUM *s = ssl.bn_bin2bn(signature + 32, 32, NULL);
  int result = -1;
  if (sig != NULL && r != NULL && s != NULL && ssl.ecdsa_sig_set0(sig, r, s)) {
    r = s = NULL;  // owned by sig now
    // 1 valid, 0 not valid, -1 error (a malformed signature counts as not valid).
    result = ssl.ecdsa_do_verify(digest, (int)count, sig, key) == 1 ? 1 : 0;
  }
  if (r != NULL) ssl.bn_clear_free(r);
  if (s != NULL) ssl.bn_clear_free(s);
  if (sig != NULL) ssl.ecdsa_sig_free(sig);
  ssl.ec_key_free(key);
  return result;
}

// The P-256 EC_KEY of `pkey` (a new reference), or NULL when it is another kind or curve.
static EC_KEY *p256_key(EVP_PKEY *pkey) {
  if (pkey == NULL) return NULL;
  EC_KEY *key = ssl.evp_pkey_get1_ec_key(pkey);
  ssl.evp_pkey_free(pkey);
  if (key == NULL) return NULL;
  if (ssl.ec_group_get_curve_name(ssl.ec_key_get0_group(key)) != PUSHSIM_NID_P256) {
    ssl.ec_key_free(key);
    return NULL;
  }
  return key;
}

int pushsim_p256_private_key_from_der(const uint8_t *der, size_t count, uint8_t *scalar) {
  if (count > LONG_MAX) return 0;
  const unsigned char *cursor = der;
  EC_KEY *key = p256_key(ssl.d2i_autoprivatekey(NULL, &cursor, (long)count));
  if (key == NULL) return 0;
  const BIGNUM *d = ssl.ec_key_get0_private_key(key);
  int ok = d != NULL && ssl.bn_bn2binpad(d, scalar, 32) == 32;
  ssl.ec_key_free(key);
  return ok;
}

int pushsim_p256_public_key_from_der(const uint8_t *der, size_t count, uint8_t *point) {
  if (count > LONG_MAX) return 0;
  const unsigned char *cursor = der;
  EC_KEY *key = p256_key(ssl.d2i_pubkey(NULL, &cursor, (long)count));
  if (key == NULL) return 0;
  const EC_POINT *public_point = ssl.ec_key_get0_public_key(key);
  int ok = public_point != NULL && encode_point(ssl.ec_key_get0_group(key), public_point, point);
  ssl.ec_key_free(key);
  return ok;
}

// MARK: AES-GCM

static const EVP_CIPHER *gcm_cipher(size_t key_count) {
  switch (key_count) {
    case 16: return ssl.aes_128_gcm();
    case 24: return ssl.aes_192_gcm();
    case 32: return ssl.aes_256_gcm();
    default: return NULL;
  }
}

int pushsim_aes_gcm_seal(
    const uint8_t *key, size_t key_count, const uint8_t *nonce, size_t nonce_count,
    const uint8_t *aad, size_t aad_count, const uint8_t *plaintext, size_t count,
    uint8_t *ciphertext, uint8_t *tag) {
  const EVP_CIPHER *cipher = gcm_cipher(key_count);
  if (cipher == NULL || nonce_count > INT_MAX || aad_count > INT_MAX || count > INT_MAX) return 0;
  EVP_CIPHER_CTX *ctx = ssl.cipher_ctx_new();
  if (ctx == NULL) return 0;
  int length = 0;
  unsigned char end[16];
  int ok = ssl.encrypt_init(ctx, cipher, NULL, NULL, NULL)
           && ssl.cipher_ctx_ctrl(ctx, PUSHSIM_GCM_SET_IVLEN, (int)nonce_count, NULL)
           && ssl.encrypt_init(ctx, NULL, NULL, key, nonce)
           && (aad_count == 0 || ssl.encrypt_update(ctx, NULL, &length, aad, (int)aad_count))
           && (count == 0 || ssl.encrypt_update(ctx, ciphertext, &length, plaintext, (int)count))
           && ssl.encrypt_final(ctx, end, &length)
           && ssl.cipher_ctx_ctrl(ctx, PUSHSIM_GCM_GET_TAG, 16, tag);
  ssl.cipher_ctx_free(ctx);
  return ok;
}

int pushsim_aes_gcm_open(
    const uint8_t *key, size_t key_count, const uint8_t *nonce, size_t nonce_count,
    const uint8_t *aad, size_t aad_count, const uint8_t *ciphertext, size_t count,
    const uint8_t *tag, uint8_t *plaintext) {
  const EVP_CIPHER *cipher = gcm_cipher(key_count);
  if (cipher == NULL || nonce_count > INT_MAX || aad_count > INT_MAX || count > INT_MAX) {
    return -1;
  }
  EVP_CIPHER_CTX *ctx = ssl.cipher_ctx_new();
  if (ctx == NULL) return -1;
  int length = 0;
  unsigned char end[16];
  unsigned char expected[16];
  memcpy(expected, tag, 16);
  int result = -1;
  if (ssl.decrypt_init(ctx, cipher, NULL, NULL, NULL)
      && ssl.cipher_ctx_ctrl(ctx, PUSHSIM_GCM_SET_IVLEN, (int)nonce_count, NULL)
      && ssl.decrypt_init(ctx, NULL, NULL, key, nonce)
      && (aad_count == 0 || ssl.decrypt_update(ctx, NULL, &length, aad, (int)aad_count))
      && (count == 0 || ssl.decrypt_update(ctx, plaintext, &length, ciphertext, (int)count))
      && ssl.cipher_ctx_ctrl(ctx, PUSHSIM_GCM_SET_TAG, 16, expected)) {
    // The final step is where GCM compares the tag: a mismatch is not authentic.
    result = ssl.decrypt_final(ctx, end, &length) > 0 ? 1 : 0;
  }
  ssl.cipher_ctx_free(ctx);
  return result;
}
