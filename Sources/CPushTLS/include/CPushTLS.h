// The system's libssl (OpenSSL 3) as `pushsim serve`'s TLS, loaded at run time (dlopen), behind
// a small fixed-argument API.
//
// There is no link-time dependency on libssl, and building needs no OpenSSL headers: where
// `libssl.so.3` cannot be loaded, `pushsim_tls_load` returns 0 and nothing else may be called.
// Connections are blocking sockets read and written on their own thread; the caller bounds each
// wait with the socket's receive timeout (`SO_RCVTIMEO`).
#ifndef CPUSHTLS_H
#define CPUSHTLS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// A server's TLS setup: its certificate chain and key, ALPN (`h2`, then `http/1.1`), and the
/// CA that client certificates must chain to.
typedef struct pushsim_tls_context pushsim_tls_context;
/// One TLS connection over a socket.
typedef struct pushsim_tls pushsim_tls;

/// Loads `libssl.so.3` and `libcrypto.so.3` and the functions below use, once per process
/// (thread-safe); 1 when usable, 0 when not.
int pushsim_tls_load(void);

/// `OpenSSL_version(0)`, or NULL when the library is not loaded.
const char *pushsim_tls_version(void);

/// A server context: TLS 1.2 and up, the PEM certificate chain `chain_path` and PEM key
/// `key_path`, ALPN preferring `h2` then `http/1.1` (no ALPN from the client is accepted), and,
/// when `client_ca_path` is not NULL, a request for a client certificate (optional) checked
/// against that PEM CA. NULL on failure, with the library's reason in `error` (`capacity`
/// bytes, NUL-terminated).
pushsim_tls_context *pushsim_tls_context_new(
    const char *chain_path, const char *key_path, const char *client_ca_path, char *error,
    size_t capacity);

/// Frees the context (connections made from it keep their own reference).
void pushsim_tls_context_free(pushsim_tls_context *context);

/// Runs the server side of the handshake on `fd` (blocking; bounded by the socket's receive
/// timeout). The connection, or NULL when the handshake failed, with the reason in `error`.
pushsim_tls *pushsim_tls_accept(
    pushsim_tls_context *context, int fd, char *error, size_t capacity);

/// The protocol ALPN chose: 2 for `h2`, 1 for `http/1.1`, 0 when the client offered none.
int pushsim_tls_alpn(pushsim_tls *tls);

/// Whether decrypted bytes are waiting (a read returns them without touching the socket).
int pushsim_tls_pending(pushsim_tls *tls);

/// Reads up to `length` bytes: the count, 0 when the peer closed, -1 when nothing came before
/// the socket's receive timeout, -2 when the connection failed.
ssize_t pushsim_tls_read(pushsim_tls *tls, uint8_t *buffer, size_t length);

/// Writes every byte; 1 on success, 0 when the connection failed.
int pushsim_tls_write(pushsim_tls *tls, const uint8_t *bytes, size_t length);

/// The client's certificate, when it sent one that chains to the context's client CA: 1, with
/// its subject's user ID (OID 0.9.2342.19200300.100.1.1, where Apple's push certificates carry
/// the bundle id) in `user_id` (`capacity` bytes) and in `environments` bit 0 when it carries
/// Apple's development extension (1.2.840.113635.100.6.3.1), bit 1 the production one
/// (1.2.840.113635.100.6.3.2). 0 when no certificate was sent, -1 when one was sent that does
/// not chain to the CA or has no user ID.
int pushsim_tls_client_certificate(
    pushsim_tls *tls, char *user_id, size_t capacity, int *environments);

/// Sends close_notify (best effort) and frees the connection; the socket stays open.
void pushsim_tls_close(pushsim_tls *tls);

/// SHA-256 of `length` bytes into `digest` (32 bytes), from libcrypto; 1 on success.
int pushsim_sha256(const uint8_t *bytes, size_t length, uint8_t *digest);

#endif
