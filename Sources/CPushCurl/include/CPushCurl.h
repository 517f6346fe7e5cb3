// libcurl as PushHTTP's TLS pipe, loaded at run time (dlopen), behind fixed-argument functions.
//
// `curl_easy_setopt` and `curl_easy_getinfo` are C variadic functions. Swift cannot call a
// variadic C function through a function pointer, so these wrappers make the variadic calls
// from C, where the compiler passes each argument as the variadic calling convention wants.
// There is no link-time dependency on libcurl: where `libcurl.so.4` cannot be loaded,
// `pushsim_curl_load` returns 0 and nothing else may be called.
#ifndef CPUSHCURL_H
#define CPUSHCURL_H

#include <stddef.h>
#include <stdint.h>

/// A libcurl easy handle (`CURL *`).
typedef struct pushsim_curl pushsim_curl;

/// `curl_sockopt_callback`: called for each socket libcurl opens; returns `CURL_SOCKOPT_OK` (0).
typedef int (*pushsim_curl_sockopt_callback)(void *data, int socket, int purpose);

/// `curl_xferinfo_callback`: progress; a non-zero return aborts the transfer.
typedef int (*pushsim_curl_xferinfo_callback)(
    void *data, int64_t download_total, int64_t downloaded, int64_t upload_total,
    int64_t uploaded);

/// Loads `libcurl.so.4` and its functions and runs `curl_global_init`, once per process
/// (thread-safe); 1 when the library is usable, 0 when it is not.
int pushsim_curl_load(void);

/// `curl_easy_init`.
pushsim_curl *pushsim_curl_easy_init(void);
/// `curl_easy_cleanup`.
void pushsim_curl_easy_cleanup(pushsim_curl *handle);
/// `curl_easy_perform`.
int pushsim_curl_easy_perform(pushsim_curl *handle);
/// `curl_easy_send`.
int pushsim_curl_easy_send(pushsim_curl *handle, const void *buffer, size_t length, size_t *sent);
/// `curl_easy_recv`.
int pushsim_curl_easy_recv(
    pushsim_curl *handle, void *buffer, size_t length, size_t *received);
/// `curl_easy_strerror`.
const char *pushsim_curl_easy_strerror(int code);

/// `curl_easy_setopt` with an option that takes a `long`.
int pushsim_curl_setopt_long(pushsim_curl *handle, int option, long value);
/// `curl_easy_setopt` with an option that takes a data pointer (`char *` or `void *`).
int pushsim_curl_setopt_pointer(pushsim_curl *handle, int option, const void *value);
/// `curl_easy_setopt(handle, CURLOPT_SOCKOPTFUNCTION, callback)`.
int pushsim_curl_setopt_sockopt_function(
    pushsim_curl *handle, pushsim_curl_sockopt_callback callback);
/// `curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback)`.
int pushsim_curl_setopt_xferinfo_function(
    pushsim_curl *handle, pushsim_curl_xferinfo_callback callback);

/// `curl_easy_getinfo` with an info that fills a `curl_socket_t` (an `int` on POSIX systems).
int pushsim_curl_getinfo_socket(pushsim_curl *handle, int info, int *socket);

#endif
