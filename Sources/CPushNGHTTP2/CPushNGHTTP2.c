// See include/CPushNGHTTP2.h. The nghttp2 types and prototypes are declared here from its ABI
// (`lib/includes/nghttp2/nghttp2.h`, soname 14), so that building needs no nghttp2 headers.
#include "CPushNGHTTP2.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct nghttp2_session nghttp2_session;
typedef struct nghttp2_session_callbacks nghttp2_session_callbacks;

// `nghttp2_nv` (40 bytes on LP64).
typedef struct {
  uint8_t *name;
  uint8_t *value;
  size_t namelen;
  size_t valuelen;
  uint8_t flags;
} nghttp2_nv;

// `nghttp2_frame_hd`, the first member of every `nghttp2_frame`: stream_id at offset 8, type
// at 12, flags at 13.
typedef struct {
  size_t length;
  int32_t stream_id;
  uint8_t type;
  uint8_t flags;
  uint8_t reserved;
} nghttp2_frame_hd;

typedef union {
  int fd;
  void *ptr;
} nghttp2_data_source;

typedef ssize_t (*nghttp2_data_source_read_callback)(
    nghttp2_session *, int32_t, uint8_t *, size_t, uint32_t *, nghttp2_data_source *, void *);

// `nghttp2_data_provider` (16 bytes).
typedef struct {
  nghttp2_data_source source;
  nghttp2_data_source_read_callback read_callback;
} nghttp2_data_provider;

typedef struct {
  int32_t settings_id;
  uint32_t value;
} nghttp2_settings_entry;

typedef struct {
  int age;
  int version_num;
  const char *version_str;
  const char *proto_str;
} nghttp2_info;

typedef int (*on_frame_recv_callback)(nghttp2_session *, const nghttp2_frame_hd *, void *);
typedef int (*on_header_callback)(
    nghttp2_session *, const nghttp2_frame_hd *, const uint8_t *, size_t, const uint8_t *, size_t,
    uint8_t, void *);
typedef int (*on_data_chunk_recv_callback)(
    nghttp2_session *, uint8_t, int32_t, const uint8_t *, size_t, void *);
typedef int (*on_stream_close_callback)(nghttp2_session *, int32_t, uint32_t, void *);

enum {
  FRAME_DATA = 0,
  FRAME_HEADERS = 1,
  FLAG_END_STREAM = 0x01,
  DATA_FLAG_EOF = 0x01,
  SETTINGS_MAX_CONCURRENT_STREAMS = 0x3,
  SETTINGS_INITIAL_WINDOW_SIZE = 0x4,
  SETTINGS_MAX_HEADER_LIST_SIZE = 0x6,
  ERR_NOMEM = -901,
};

static struct {
  nghttp2_info *(*version)(int);
  int (*callbacks_new)(nghttp2_session_callbacks **);
  void (*callbacks_del)(nghttp2_session_callbacks *);
  void (*set_on_frame_recv)(nghttp2_session_callbacks *, on_frame_recv_callback);
  void (*set_on_header)(nghttp2_session_callbacks *, on_header_callback);
  void (*set_on_data_chunk_recv)(nghttp2_session_callbacks *, on_data_chunk_recv_callback);
  void (*set_on_stream_close)(nghttp2_session_callbacks *, on_stream_close_callback);
  int (*server_new)(nghttp2_session **, const nghttp2_session_callbacks *, void *);
  void (*session_del)(nghttp2_session *);
  int (*submit_settings)(nghttp2_session *, uint8_t, const nghttp2_settings_entry *, size_t);
  int (*submit_response)(
      nghttp2_session *, int32_t, const nghttp2_nv *, size_t, const nghttp2_data_provider *);
  int (*submit_goaway)(nghttp2_session *, uint8_t, int32_t, uint32_t, const uint8_t *, size_t);
  int32_t (*last_proc_stream_id)(nghttp2_session *);
  ssize_t (*mem_recv)(nghttp2_session *, const uint8_t *, size_t);
  ssize_t (*mem_send)(nghttp2_session *, const uint8_t **);
  int (*want_read)(nghttp2_session *);
  int (*want_write)(nghttp2_session *);
  const char *(*strerror)(int);
} h2;

static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

// Looks up `name` in `library` into `*slot` (a function pointer of any type); 0 when missing.
static int find(void *library, const char *name, void *slot) {
  void *address = dlsym(library, name);
  if (address == NULL) return 0;
  *(void **)slot = address;
  return 1;
}

static void load(void) {
  void *library = dlopen("libnghttp2.so.14", RTLD_NOW);
  if (library == NULL) return;
  // The library is never unloaded.
  loaded = find(library, "nghttp2_version", &h2.version)
           && find(library, "nghttp2_session_callbacks_new", &h2.callbacks_new)
           && find(library, "nghttp2_session_callbacks_del", &h2.callbacks_del)
           && find(library, "nghttp2_session_callbacks_set_on_frame_recv_callback",
                   &h2.set_on_frame_recv)
           && find(library, "nghttp2_session_callbacks_set_on_header_callback", &h2.set_on_header)
           && find(library, "nghttp2_session_callbacks_set_on_data_chunk_recv_callback",
                   &h2.set_on_data_chunk_recv)
           && find(library, "nghttp2_session_callbacks_set_on_stream_close_callback",
                   &h2.set_on_stream_close)
           && find(library, "nghttp2_session_server_new", &h2.server_new)
           && find(library, "nghttp2_session_del", &h2.session_del)
           && find(library, "nghttp2_submit_settings", &h2.submit_settings)
           && find(library, "nghttp2_submit_response", &h2.submit_response)
           && find(library, "nghttp2_submit_goaway", &h2.submit_goaway)
           && find(library, "nghttp2_session_get_last_proc_stream_id", &h2.last_proc_stream_id)
           && find(library, "nghttp2_session_mem_recv", &h2.mem_recv)
           && find(library, "nghttp2_session_mem_send", &h2.mem_send)
           && find(library, "nghttp2_session_want_read", &h2.want_read)
           && find(library, "nghttp2_session_want_write", &h2.want_write)
           && find(library, "nghttp2_strerror", &h2.strerror);
}

int pushsim_h2_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *pushsim_h2_version(void) {
  if (!pushsim_h2_load()) return NULL;
  nghttp2_info *info = h2.version(0);
  return info == NULL ? NULL : info->version_str;
}

// A response body being sent, in a doubly linked list of the session's bodies so that the
// session frees what its streams did not finish sending.
typedef struct body {
  struct body *previous, *next;
  int32_t stream;
  size_t length, offset;
  uint8_t bytes[];
} body;

struct pushsim_h2 {
  nghttp2_session *session;
  void *context;
  pushsim_h2_header_callback on_header;
  pushsim_h2_data_callback on_data;
  pushsim_h2_request_callback on_request;
  pushsim_h2_close_callback on_close;
  body *bodies;
};

static void unlink_body(pushsim_h2 *self, body *item) {
  if (item->previous != NULL) item->previous->next = item->next;
  else self->bodies = item->next;
  if (item->next != NULL) item->next->previous = item->previous;
  free(item);
}

static int frame_received(nghttp2_session *session, const nghttp2_frame_hd *frame, void *data) {
  (void)session;
  pushsim_h2 *self = data;
  if ((frame->type == FRAME_DATA || frame->type == FRAME_HEADERS)
      && (frame->flags & FLAG_END_STREAM) && frame->stream_id != 0) {
    return self->on_request(self->context, frame->stream_id);
  }
  return 0;
}

static int header_received(
    nghttp2_session *session, const nghttp2_frame_hd *frame, const uint8_t *name, size_t name_length,
    const uint8_t *value, size_t value_length, uint8_t flags, void *data) {
  (void)session;
  (void)flags;
  pushsim_h2 *self = data;
  return self->on_header(self->context, frame->stream_id, name, name_length, value, value_length);
}

static int data_received(
    nghttp2_session *session, uint8_t flags, int32_t stream, const uint8_t *bytes, size_t length,
    void *data) {
  (void)session;
  (void)flags;
  pushsim_h2 *self = data;
  return self->on_data(self->context, stream, bytes, length);
}

static int stream_closed(nghttp2_session *session, int32_t stream, uint32_t error, void *data) {
  (void)session;
  pushsim_h2 *self = data;
  for (body *item = self->bodies; item != NULL; item = item->next) {
    if (item->stream == stream) {
      unlink_body(self, item);
      break;
    }
  }
  self->on_close(self->context, stream, error);
  return 0;
}

static ssize_t read_body(
    nghttp2_session *session, int32_t stream, uint8_t *buffer, size_t length, uint32_t *flags,
    nghttp2_data_source *source, void *data) {
  (void)session;
  (void)stream;
  (void)data;
  body *item = source->ptr;
  size_t left = item->length - item->offset;
  size_t count = left < length ? left : length;
  memcpy(buffer, item->bytes + item->offset, count);
  item->offset += count;
  if (item->offset == item->length) *flags |= DATA_FLAG_EOF;
  return (ssize_t)count;
}

pushsim_h2 *pushsim_h2_new(
    void *context, pushsim_h2_header_callback on_header, pushsim_h2_data_callback on_data,
    pushsim_h2_request_callback on_request, pushsim_h2_close_callback on_close,
    uint32_t max_concurrent_streams, uint32_t max_header_list_size) {
  if (!pushsim_h2_load()) return NULL;
  pushsim_h2 *self = calloc(1, sizeof(pushsim_h2));
  if (self == NULL) return NULL;
  self->context = context;
  self->on_header = on_header;
  self->on_data = on_data;
  self->on_request = on_request;
  self->on_close = on_close;
  nghttp2_session_callbacks *callbacks = NULL;
  if (h2.callbacks_new(&callbacks) != 0) {
    free(self);
    return NULL;
  }
  h2.set_on_frame_recv(callbacks, frame_received);
  h2.set_on_header(callbacks, header_received);
  h2.set_on_data_chunk_recv(callbacks, data_received);
  h2.set_on_stream_close(callbacks, stream_closed);
  int status = h2.server_new(&self->session, callbacks, self);
  h2.callbacks_del(callbacks);
  if (status != 0) {
    free(self);
    return NULL;
  }
  nghttp2_settings_entry settings[] = {
      {SETTINGS_MAX_CONCURRENT_STREAMS, max_concurrent_streams},
      {SETTINGS_MAX_HEADER_LIST_SIZE, max_header_list_size},
      {SETTINGS_INITIAL_WINDOW_SIZE, 65535},
  };
  if (h2.submit_settings(self->session, 0, settings, 3) != 0) {
    pushsim_h2_free(self);
    return NULL;
  }
  return self;
}

void pushsim_h2_free(pushsim_h2 *self) {
  if (self == NULL) return;
  if (self->session != NULL) h2.session_del(self->session);
  while (self->bodies != NULL) unlink_body(self, self->bodies);
  free(self);
}

ssize_t pushsim_h2_recv(pushsim_h2 *self, const uint8_t *data, size_t length) {
  return h2.mem_recv(self->session, data, length);
}

ssize_t pushsim_h2_send(pushsim_h2 *self, const uint8_t **data) {
  return h2.mem_send(self->session, data);
}

int pushsim_h2_want_read(pushsim_h2 *self) { return h2.want_read(self->session); }

int pushsim_h2_want_write(pushsim_h2 *self) { return h2.want_write(self->session); }

int pushsim_h2_respond(
    pushsim_h2 *self, int32_t stream, const char *const *names, const size_t *name_lengths,
    const char *const *values, const size_t *value_lengths, size_t count, const uint8_t *bytes,
    size_t body_length) {
  nghttp2_nv *fields = calloc(count == 0 ? 1 : count, sizeof(nghttp2_nv));
  if (fields == NULL) return ERR_NOMEM;
  for (size_t index = 0; index < count; index++) {
    // No NO_COPY flags: nghttp2 copies names and values before this returns.
    fields[index].name = (uint8_t *)names[index];
    fields[index].namelen = name_lengths[index];
    fields[index].value = (uint8_t *)values[index];
    fields[index].valuelen = value_lengths[index];
    fields[index].flags = 0;
  }
  int status;
  if (body_length == 0) {
    status = h2.submit_response(self->session, stream, fields, count, NULL);
  } else {
    body *item = malloc(sizeof(body) + body_length);
    if (item == NULL) {
      free(fields);
      return ERR_NOMEM;
    }
    item->stream = stream;
    item->length = body_length;
    item->offset = 0;
    memcpy(item->bytes, bytes, body_length);
    item->previous = NULL;
    item->next = self->bodies;
    if (self->bodies != NULL) self->bodies->previous = item;
    self->bodies = item;
    nghttp2_data_provider provider;
    provider.source.ptr = item;
    provider.read_callback = read_body;
    status = h2.submit_response(self->session, stream, fields, count, &provider);
    if (status != 0) unlink_body(self, item);
  }
  free(fields);
  return status;
}

int pushsim_h2_goaway(
    pushsim_h2 *self, int32_t last_stream, uint32_t error_code, const uint8_t *debug,
    size_t length) {
  int32_t last = last_stream < 0 ? h2.last_proc_stream_id(self->session) : last_stream;
  return h2.submit_goaway(self->session, 0, last, error_code, debug, length);
}

int pushsim_h2_set_max_concurrent_streams(pushsim_h2 *self, uint32_t max_concurrent_streams) {
  nghttp2_settings_entry settings[] = {{SETTINGS_MAX_CONCURRENT_STREAMS, max_concurrent_streams}};
  return h2.submit_settings(self->session, 0, settings, 1);
}

const char *pushsim_h2_strerror(int code) { return h2.strerror(code); }
