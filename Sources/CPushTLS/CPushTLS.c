// See include/CPushTLS.h. The OpenSSL prototypes are declared here from OpenSSL 3's ABI
// (`include/openssl/ssl.h`, `x509.h`, `objects.h`), so that building needs no OpenSSL headers.
// None of the functions used is variadic; the `SSL_CTX_set_*` macros are open-coded as the
// `SSL_CTX_ctrl` calls they expand to.
#include "CPushTLS.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ssl_method_st SSL_METHOD;
typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_st SSL;
typedef struct x509_st X509;
typedef struct x509_name_st X509_NAME;
typedef struct x509_store_ctx_st X509_STORE_CTX;
typedef struct asn1_object_st ASN1_OBJECT;

typedef int (*alpn_callback)(
    SSL *, const unsigned char **, unsigned char *, const unsigned char *, unsigned int, void *);
typedef int (*verify_callback)(int, X509_STORE_CTX *);

enum {
  FILETYPE_PEM = 1,
  CTRL_SET_MIN_PROTO_VERSION = 123,
  TLS1_2_VERSION = 0x0303,
  CTRL_MODE = 33,
  MODE_AUTO_RETRY = 0x4,
  VERIFY_PEER = 0x1,
  ERROR_SSL = 1,
  ERROR_WANT_READ = 2,
  ERROR_WANT_WRITE = 3,
  ERROR_SYSCALL = 5,
  ERROR_ZERO_RETURN = 6,
  TLSEXT_ERR_OK = 0,
  TLSEXT_ERR_NOACK = 3,
  NID_USER_ID = 458,
  X509_V_OK = 0,
};
// SSL_OP_NO_RENEGOTIATION: a client may not make the server renegotiate (a DoS lever).
static const uint64_t OP_NO_RENEGOTIATION = 0x40000000U;

static struct {
  int (*init_ssl)(uint64_t, const void *);
  const char *(*version)(int);
  const SSL_METHOD *(*server_method)(void);
  SSL_CTX *(*ctx_new)(const SSL_METHOD *);
  void (*ctx_free)(SSL_CTX *);
  int (*use_chain_file)(SSL_CTX *, const char *);
  int (*use_key_file)(SSL_CTX *, const char *, int);
  int (*check_key)(const SSL_CTX *);
  long (*ctx_ctrl)(SSL_CTX *, int, long, void *);
  uint64_t (*ctx_set_options)(SSL_CTX *, uint64_t);
  void (*ctx_set_alpn_select_cb)(SSL_CTX *, alpn_callback, void *);
  int (*ctx_load_verify_locations)(SSL_CTX *, const char *, const char *);
  void (*ctx_set_verify)(SSL_CTX *, int, verify_callback);
  int (*ctx_set_session_id_context)(SSL_CTX *, const unsigned char *, unsigned int);
  SSL *(*ssl_new)(SSL_CTX *);
  void (*ssl_free)(SSL *);
  int (*set_fd)(SSL *, int);
  int (*accept)(SSL *);
  int (*read)(SSL *, void *, int);
  int (*write)(SSL *, const void *, int);
  int (*get_error)(const SSL *, int);
  int (*pending)(const SSL *);
  int (*shutdown)(SSL *);
  void (*get0_alpn_selected)(const SSL *, const unsigned char **, unsigned int *);
  X509 *(*get1_peer_certificate)(const SSL *);
  long (*get_verify_result)(const SSL *);
  X509_NAME *(*get_subject_name)(const X509 *);
  int (*name_text_by_nid)(X509_NAME *, int, char *, int);
  int (*get_ext_by_obj)(const X509 *, const ASN1_OBJECT *, int);
  ASN1_OBJECT *(*txt2obj)(const char *, int);
  void (*object_free)(ASN1_OBJECT *);
  void (*x509_free)(X509 *);
  unsigned long (*err_get_error)(void);
  void (*err_error_string_n)(unsigned long, char *, size_t);
  void (*err_clear_error)(void);
  unsigned char *(*sha256)(const unsigned char *, size_t, unsigned char *);
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
  void *crypto = dlopen("libcrypto.so.3", RTLD_NOW);
  void *library = crypto == NULL ? NULL : dlopen("libssl.so.3", RTLD_NOW);
  if (library == NULL) return;
  // Both libraries are never unloaded.
  loaded = find(library, "OPENSSL_init_ssl", &ssl.init_ssl)
           && find(crypto, "OpenSSL_version", &ssl.version)
           && find(library, "TLS_server_method", &ssl.server_method)
           && find(library, "SSL_CTX_new", &ssl.ctx_new)
           && find(library, "SSL_CTX_free", &ssl.ctx_free)
           && find(library, "SSL_CTX_use_certificate_chain_file", &ssl.use_chain_file)
           && find(library, "SSL_CTX_use_PrivateKey_file", &ssl.use_key_file)
           && find(library, "SSL_CTX_check_private_key", &ssl.check_key)
           && find(library, "SSL_CTX_ctrl", &ssl.ctx_ctrl)
           && find(library, "SSL_CTX_set_options", &ssl.ctx_set_options)
           && find(library, "SSL_CTX_set_alpn_select_cb", &ssl.ctx_set_alpn_select_cb)
           && find(library, "SSL_CTX_load_verify_locations", &ssl.ctx_load_verify_locations)
           && find(library, "SSL_CTX_set_verify", &ssl.ctx_set_verify)
           && find(library, "SSL_CTX_set_session_id_context", &ssl.ctx_set_session_id_context)
           && find(library, "SSL_new", &ssl.ssl_new)
           && find(library, "SSL_free", &ssl.ssl_free)
           && find(library, "SSL_set_fd", &ssl.set_fd)
           && find(library, "SSL_accept", &ssl.accept)
           && find(library, "SSL_read", &ssl.read)
           && find(library, "SSL_write", &ssl.write)
           && find(library, "SSL_get_error", &ssl.get_error)
           && find(library, "SSL_pending", &ssl.pending)
           && find(library, "SSL_shutdown", &ssl.shutdown)
           && find(library, "SSL_get0_alpn_selected", &ssl.get0_alpn_selected)
           && find(library, "SSL_get1_peer_certificate", &ssl.get1_peer_certificate)
           && find(library, "SSL_get_verify_result", &ssl.get_verify_result)
           && find(crypto, "X509_get_subject_name", &ssl.get_subject_name)
           && find(crypto, "X509_NAME_get_text_by_NID", &ssl.name_text_by_nid)
           && find(crypto, "X509_get_ext_by_OBJ", &ssl.get_ext_by_obj)
           && find(crypto, "OBJ_txt2obj", &ssl.txt2obj)
           && find(crypto, "ASN1_OBJECT_free", &ssl.object_free)
           && find(crypto, "X509_free", &ssl.x509_free)
           && find(crypto, "ERR_get_error", &ssl.err_get_error)
           && find(crypto, "ERR_error_string_n", &ssl.err_error_string_n)
           && find(crypto, "ERR_clear_error", &ssl.err_clear_error)
           && find(crypto, "SHA256", &ssl.sha256);
  if (loaded && ssl.init_ssl(0, NULL) != 1) loaded = 0;
  // libssl writes to its socket with write(2): a peer that closed would raise SIGPIPE and end
  // the process. The server answers a closed peer by closing the connection instead.
  if (loaded) signal(SIGPIPE, SIG_IGN);
}

int pushsim_tls_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *pushsim_tls_version(void) { return pushsim_tls_load() ? ssl.version(0) : NULL; }

struct pushsim_tls_context {
  SSL_CTX *ctx;
  int verifies_clients;
};

struct pushsim_tls {
  SSL *ssl;
  int verifies_clients;
};

// Copies the library's queued error (or `fallback`) into `error`, clearing the queue.
static void report(const char *fallback, char *error, size_t capacity) {
  if (error == NULL || capacity == 0) return;
  unsigned long code = ssl.err_get_error();
  if (code != 0) {
    ssl.err_error_string_n(code, error, capacity);
  } else {
    snprintf(error, capacity, "%s", fallback);
  }
  ssl.err_clear_error();
}

// ALPN: `h2` when the client offers it, else `http/1.1`, else no ALPN at all (the server then
// tells HTTP/2 from HTTP/1.1 by the first bytes, as on plaintext).
static int select_protocol(
    SSL *connection, const unsigned char **out, unsigned char *out_length, const unsigned char *in,
    unsigned int in_length, void *argument) {
  (void)connection;
  (void)argument;
  static const char *const preferred[] = {"h2", "http/1.1"};
  for (int choice = 0; choice < 2; choice++) {
    size_t wanted = strlen(preferred[choice]);
    unsigned int offset = 0;
    while (offset < in_length) {
      unsigned int length = in[offset];
      if (offset + 1 + length > in_length) return TLSEXT_ERR_NOACK;
      if (length == wanted && memcmp(in + offset + 1, preferred[choice], wanted) == 0) {
        *out = in + offset + 1;  // inside the client's list, alive for the handshake
        *out_length = (unsigned char)length;
        return TLSEXT_ERR_OK;
      }
      offset += 1 + length;
    }
  }
  return TLSEXT_ERR_NOACK;
}

// Client certificates are checked after the handshake (`pushsim_tls_client_certificate`), so
// that a wrong one is answered as APNs answers it rather than with a handshake alert.
static int accept_any(int preverified, X509_STORE_CTX *store) {
  (void)preverified;
  (void)store;
  return 1;
}

pushsim_tls_context *pushsim_tls_context_new(
    const char *chain_path, const char *key_path, const char *client_ca_path, char *error,
    size_t capacity) {
  if (!pushsim_tls_load()) {
    snprintf(error, capacity, "libssl.so.3 could not be loaded");
    return NULL;
  }
  ssl.err_clear_error();
  SSL_CTX *ctx = ssl.ctx_new(ssl.server_method());
  if (ctx == NULL) {
    report("SSL_CTX_new failed", error, capacity);
    return NULL;
  }
  if (ssl.ctx_ctrl(ctx, CTRL_SET_MIN_PROTO_VERSION, TLS1_2_VERSION, NULL) != 1
      || ssl.use_chain_file(ctx, chain_path) != 1) {
    report("cannot read the certificate chain", error, capacity);
    ssl.ctx_free(ctx);
    return NULL;
  }
  if (ssl.use_key_file(ctx, key_path, FILETYPE_PEM) != 1 || ssl.check_key(ctx) != 1) {
    report("cannot read the private key, or it is not the certificate's", error, capacity);
    ssl.ctx_free(ctx);
    return NULL;
  }
  ssl.ctx_set_options(ctx, OP_NO_RENEGOTIATION);
  ssl.ctx_ctrl(ctx, CTRL_MODE, MODE_AUTO_RETRY, NULL);
  ssl.ctx_set_alpn_select_cb(ctx, select_protocol, NULL);
  if (client_ca_path != NULL) {
    if (ssl.ctx_load_verify_locations(ctx, client_ca_path, NULL) != 1) {
      report("cannot read the client CA", error, capacity);
      ssl.ctx_free(ctx);
      return NULL;
    }
    ssl.ctx_set_verify(ctx, VERIFY_PEER, accept_any);
    ssl.ctx_set_session_id_context(ctx, (const unsigned char *)"pushsim", 7);
  }
  pushsim_tls_context *context = calloc(1, sizeof(pushsim_tls_context));
  if (context == NULL) {
    ssl.ctx_free(ctx);
    return NULL;
  }
  context->ctx = ctx;
  context->verifies_clients = client_ca_path != NULL;
  return context;
}

void pushsim_tls_context_free(pushsim_tls_context *context) {
  if (context == NULL) return;
  ssl.ctx_free(context->ctx);
  free(context);
}

pushsim_tls *pushsim_tls_accept(
    pushsim_tls_context *context, int fd, char *error, size_t capacity) {
  ssl.err_clear_error();
  SSL *connection = ssl.ssl_new(context->ctx);
  if (connection == NULL) {
    report("SSL_new failed", error, capacity);
    return NULL;
  }
  if (ssl.set_fd(connection, fd) != 1) {
    report("SSL_set_fd failed", error, capacity);
    ssl.ssl_free(connection);
    return NULL;
  }
  int status = ssl.accept(connection);
  if (status != 1) {
    int kind = ssl.get_error(connection, status);
    if (kind == ERROR_WANT_READ || kind == ERROR_WANT_WRITE) {
      snprintf(error, capacity, "the handshake did not finish in time");
      ssl.err_clear_error();
    } else if (kind == ERROR_SYSCALL && ssl.err_get_error() == 0) {
      snprintf(error, capacity, "the client closed the connection during the handshake");
    } else {
      report("the handshake failed", error, capacity);
    }
    ssl.ssl_free(connection);
    return NULL;
  }
  pushsim_tls *tls = calloc(1, sizeof(pushsim_tls));
  if (tls == NULL) {
    ssl.ssl_free(connection);
    return NULL;
  }
  tls->ssl = connection;
  tls->verifies_clients = context->verifies_clients;
  return tls;
}

int pushsim_tls_alpn(pushsim_tls *tls) {
  const unsigned char *protocol = NULL;
  unsigned int length = 0;
  ssl.get0_alpn_selected(tls->ssl, &protocol, &length);
  if (protocol == NULL || length == 0) return 0;
  if (length == 2 && memcmp(protocol, "h2", 2) == 0) return 2;
  return 1;
}

int pushsim_tls_pending(pushsim_tls *tls) { return ssl.pending(tls->ssl) > 0; }

ssize_t pushsim_tls_read(pushsim_tls *tls, uint8_t *buffer, size_t length) {
  int wanted = length > 1 << 30 ? 1 << 30 : (int)length;
  int count = ssl.read(tls->ssl, buffer, wanted);
  if (count > 0) return count;
  int kind = ssl.get_error(tls->ssl, count);
  ssl.err_clear_error();
  if (kind == ERROR_ZERO_RETURN) return 0;
  if (kind == ERROR_WANT_READ || kind == ERROR_WANT_WRITE) return -1;
  // A peer that closed without close_notify: the same as closed.
  if (kind == ERROR_SYSCALL && errno == 0) return 0;
  return -2;
}

int pushsim_tls_write(pushsim_tls *tls, const uint8_t *bytes, size_t length) {
  size_t offset = 0;
  while (offset < length) {
    size_t left = length - offset;
    int chunk = left > 1 << 30 ? 1 << 30 : (int)left;
    int count = ssl.write(tls->ssl, bytes + offset, chunk);
    if (count <= 0) {
      ssl.err_clear_error();
      return 0;
    }
    offset += (size_t)count;
  }
  return 1;
}

int pushsim_tls_client_certificate(
    pushsim_tls *tls, char *user_id, size_t capacity, int *environments) {
  *environments = 0;
  if (capacity > 0) user_id[0] = 0;
  if (!tls->verifies_clients) return 0;
  X509 *certificate = ssl.get1_peer_certificate(tls->ssl);
  if (certificate == NULL) return 0;
  int result = -1;
  if (ssl.get_verify_result(tls->ssl) == X509_V_OK) {
    X509_NAME *subject = ssl.get_subject_name(certificate);
    int length = subject == NULL || capacity > 1 << 20
                     ? -1
                     : ssl.name_text_by_nid(subject, NID_USER_ID, user_id, (int)capacity);
    if (length > 0) {
      static const char *const extensions[] = {
          "1.2.840.113635.100.6.3.1", "1.2.840.113635.100.6.3.2"};
      for (int index = 0; index < 2; index++) {
        ASN1_OBJECT *object = ssl.txt2obj(extensions[index], 1);
        if (object == NULL) continue;
        if (ssl.get_ext_by_obj(certificate, object, -1) >= 0) *environments |= 1 << index;
        ssl.object_free(object);
      }
      result = 1;
    }
  }
  ssl.x509_free(certificate);
  ssl.err_clear_error();
  return result;
}

void pushsim_tls_close(pushsim_tls *tls) {
  if (tls == NULL) return;
  ssl.shutdown(tls->ssl);
  ssl.err_clear_error();
  ssl.ssl_free(tls->ssl);
  free(tls);
}

int pushsim_sha256(const uint8_t *bytes, size_t length, uint8_t *digest) {
  if (!pushsim_tls_load()) return 0;
  return ssl.sha256(bytes, length, digest) != NULL;
}
