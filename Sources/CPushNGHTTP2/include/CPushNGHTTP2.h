// libnghttp2 as `pushsim serve`'s HTTP/2 engine, loaded at run time (dlopen), behind a small
// fixed-argument API.
//
// nghttp2 is sans-IO: the caller hands it the bytes read from a connection
// (`pushsim_h2_recv`) and writes what it asks to send (`pushsim_h2_send`). The C side keeps the
// library's struct layouts (`nghttp2_nv`, the data provider, the frame header) and its
// callbacks; Swift sees four plain callbacks and one response call. There is no link-time
// dependency on libnghttp2: where `libnghttp2.so.14` cannot be loaded, `pushsim_h2_load` returns
// 0 and nothing else may be called.
#ifndef CPUSHNGHTTP2_H
#define CPUSHNGHTTP2_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// One HTTP/2 server connection's state (an `nghttp2_session` and its callbacks).
typedef struct pushsim_h2 pushsim_h2;

/// A stream's header field arrived (HPACK decoded, checked by nghttp2 against RFC 9113).
/// Returns 0 to go on, or a negative nghttp2 error: `PUSHSIM_H2_RESET_STREAM` resets the stream,
/// `PUSHSIM_H2_FAIL_SESSION` ends the connection.
typedef int (*pushsim_h2_header_callback)(
    void *context, int32_t stream, const uint8_t *name, size_t name_length, const uint8_t *value,
    size_t value_length);
/// A piece of a stream's request body arrived; returns as the header callback does.
typedef int (*pushsim_h2_data_callback)(
    void *context, int32_t stream, const uint8_t *data, size_t length);
/// A stream's request is complete (END_STREAM on its HEADERS or DATA); returns as above.
typedef int (*pushsim_h2_request_callback)(void *context, int32_t stream);
/// A stream closed (answered, reset by either side, or the connection ended).
typedef void (*pushsim_h2_close_callback)(void *context, int32_t stream, uint32_t error_code);

/// `NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE`: the stream is reset with INTERNAL_ERROR.
#define PUSHSIM_H2_RESET_STREAM (-521)
/// `NGHTTP2_ERR_CALLBACK_FAILURE`: the session fails and the connection ends.
#define PUSHSIM_H2_FAIL_SESSION (-902)

/// Loads `libnghttp2.so.14` and its functions, once per process (thread-safe); 1 when the
/// library is usable, 0 when it is not.
int pushsim_h2_load(void);

/// `nghttp2_version(0)->version_str`, or NULL when the library is not loaded.
const char *pushsim_h2_version(void);

/// A server session calling back with `context`, advertising SETTINGS_MAX_CONCURRENT_STREAMS,
/// SETTINGS_MAX_HEADER_LIST_SIZE and SETTINGS_INITIAL_WINDOW_SIZE (queued, sent by the first
/// `pushsim_h2_send`); NULL when nghttp2 fails.
pushsim_h2 *pushsim_h2_new(
    void *context, pushsim_h2_header_callback on_header, pushsim_h2_data_callback on_data,
    pushsim_h2_request_callback on_request, pushsim_h2_close_callback on_close,
    uint32_t max_concurrent_streams, uint32_t max_header_list_size);

/// Frees the session and every response body it still holds.
void pushsim_h2_free(pushsim_h2 *h2);

/// `nghttp2_session_mem_recv`: feeds bytes read from the peer (callbacks run inside); the
/// number consumed, or a negative nghttp2 error (the connection must end).
ssize_t pushsim_h2_recv(pushsim_h2 *h2, const uint8_t *data, size_t length);

/// `nghttp2_session_mem_send`: the next bytes to write (`*data` valid until the next call on
/// this session), 0 when there is nothing, or a negative nghttp2 error.
ssize_t pushsim_h2_send(pushsim_h2 *h2, const uint8_t **data);

/// Whether the session wants to read more (0: it is done, e.g. after GOAWAY both ways).
int pushsim_h2_want_read(pushsim_h2 *h2);
/// Whether the session has something to write.
int pushsim_h2_want_write(pushsim_h2 *h2);

/// Queues a response on `stream`: `count` header fields (`:status` first, names lowercase;
/// `names[i]`/`values[i]` with their lengths, copied), then `body` (copied; none when
/// `body_length` is 0, so the HEADERS frame ends the stream). 0, or a negative nghttp2 error.
int pushsim_h2_respond(
    pushsim_h2 *h2, int32_t stream, const char *const *names, const size_t *name_lengths,
    const char *const *values, const size_t *value_lengths, size_t count, const uint8_t *body,
    size_t body_length);

/// Queues GOAWAY with `error_code` and `debug` data (APNs sends `{"reason": …}` there), naming
/// `last_stream` as the last stream processed, or when it is negative the last one nghttp2
/// processed. 0, or a negative nghttp2 error.
int pushsim_h2_goaway(
    pushsim_h2 *h2, int32_t last_stream, uint32_t error_code, const uint8_t *debug, size_t length);

/// Queues SETTINGS with a new SETTINGS_MAX_CONCURRENT_STREAMS (APNs raises it after the first
/// authenticated request). 0, or a negative nghttp2 error.
int pushsim_h2_set_max_concurrent_streams(pushsim_h2 *h2, uint32_t max_concurrent_streams);

/// `nghttp2_strerror`.
const char *pushsim_h2_strerror(int code);

#endif
