// See include/CPushCurl.h. The libcurl prototypes are declared here, from libcurl's ABI
// (`include/curl/curl.h`), so that building needs no libcurl headers either.
#include "CPushCurl.h"

#include <dlfcn.h>
#include <pthread.h>

// CURLOPT_SOCKOPTFUNCTION (FUNCTIONPOINT + 148) and CURLOPT_XFERINFOFUNCTION (+ 219).
enum { PUSHSIM_CURLOPT_SOCKOPTFUNCTION = 20148, PUSHSIM_CURLOPT_XFERINFOFUNCTION = 20219 };
// CURL_GLOBAL_DEFAULT and CURLE_OK.
enum { PUSHSIM_CURL_GLOBAL_DEFAULT = 3, PUSHSIM_CURLE_OK = 0 };

// CURLcode and CURLoption / CURLINFO are C enums, passed and returned as `int`.
static struct {
  int (*global_init)(long flags);
  pushsim_curl *(*easy_init)(void);
  void (*easy_cleanup)(pushsim_curl *);
  int (*easy_perform)(pushsim_curl *);
  int (*easy_send)(pushsim_curl *, const void *, size_t, size_t *);
  int (*easy_recv)(pushsim_curl *, void *, size_t, size_t *);
  const char *(*easy_strerror)(int);
  int (*easy_setopt)(pushsim_curl *, int, ...);
  int (*easy_getinfo)(pushsim_curl *, int, ...);
} curl;

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
  void *library = dlopen("libcurl.so.4", RTLD_NOW);
  if (library == NULL) return;
  int found = find(library, "curl_global_init", &curl.global_init)
              && find(library, "curl_easy_init", &curl.easy_init)
              && find(library, "curl_easy_cleanup", &curl.easy_cleanup)
              && find(library, "curl_easy_perform", &curl.easy_perform)
              && find(library, "curl_easy_send", &curl.easy_send)
              && find(library, "curl_easy_recv", &curl.easy_recv)
              && find(library, "curl_easy_strerror", &curl.easy_strerror)
              && find(library, "curl_easy_setopt", &curl.easy_setopt)
              && find(library, "curl_easy_getinfo", &curl.easy_getinfo);
  // Reference-counted and thread-safe since curl 7.84; called once so that no handle is made
  // before the library's global state exists. The library is never unloaded.
  if (found && curl.global_init(PUSHSIM_CURL_GLOBAL_DEFAULT) == PUSHSIM_CURLE_OK) loaded = 1;
}

int pushsim_curl_load(void) {
  pthread_once(&once, load);
  return loaded;
}

pushsim_curl *pushsim_curl_easy_init(void) { return curl.easy_init(); }

void pushsim_curl_easy_cleanup(pushsim_curl *handle) { curl.easy_cleanup(handle); }

int pushsim_curl_easy_perform(pushsim_curl *handle) { return curl.easy_perform(handle); }

int pushsim_curl_easy_send(pushsim_curl *handle, const void *buffer, size_t length, size_t *sent) {
  return curl.easy_send(handle, buffer, length, sent);
}

int pushsim_curl_easy_recv(
    pushsim_curl *handle, void *buffer, size_t length, size_t *received) {
  return curl.easy_recv(handle, buffer, length, received);
}

const char *pushsim_curl_easy_strerror(int code) { return curl.easy_strerror(code); }

int pushsim_curl_setopt_long(pushsim_curl *handle, int option, long value) {
  return curl.easy_setopt(handle, option, value);
}

int pushsim_curl_setopt_pointer(pushsim_curl *handle, int option, const void *value) {
  return curl.easy_setopt(handle, option, value);
}

int pushsim_curl_setopt_sockopt_function(
    pushsim_curl *handle, pushsim_curl_sockopt_callback callback) {
  return curl.easy_setopt(handle, PUSHSIM_CURLOPT_SOCKOPTFUNCTION, callback);
}

int pushsim_curl_setopt_xferinfo_function(
    pushsim_curl *handle, pushsim_curl_xferinfo_callback callback) {
  return curl.easy_setopt(handle, PUSHSIM_CURLOPT_XFERINFOFUNCTION, callback);
}

int pushsim_curl_getinfo_socket(pushsim_curl *handle, int info, int *socket) {
  return curl.easy_getinfo(handle, info, socket);
}
