#ifndef CCURL_LOADER_H
#define CCURL_LOADER_H
#include <stddef.h>

/// HTTPS through libcurl loaded at run time (dlopen), so the program does not link libcurl and
/// its thirty dependencies for the plain-HTTP servers most users run: a cold start stays cheap.

/// Body bytes as they arrive; return 0 to go on, anything else to stop the transfer.
typedef int (*ccurl_body_fn)(void *context, const char *bytes, size_t count);
/// Polled during the transfer; non-zero stops it (cancellation).
typedef int (*ccurl_stop_fn)(void *context);

/// 1 when libcurl could be loaded.
int ccurl_available(void);

/// GET `url`. Returns 0 and sets *status, or a libcurl error code with `error` filled in
/// (28 is a time-out, 42 a stop asked for by a callback, 23 a body callback that refused).
int ccurl_get(const char *url, const char *user_agent, long timeout_ms, void *context,
              ccurl_body_fn body, ccurl_stop_fn stop, long *status, char *error, size_t error_size);

/// Each header line of the answer as it arrives (redirects' too); return 0 to go on.
typedef int (*ccurl_header_fn)(void *context, const char *bytes, size_t count);

/// GET `url` for a download: `headers` (`count` lines such as "Range: bytes=10-") are sent
/// with it, redirects are followed, and the transfer stops when under one byte a second arrives
/// for `idle_ms` (a large file has no overall deadline). Same results as `ccurl_get`.
int ccurl_download(const char *url, const char *user_agent, long idle_ms, const char *const *headers, int count,
                   void *context, ccurl_header_fn header, ccurl_body_fn body, ccurl_stop_fn stop,
                   long *status, char *error, size_t error_size);

#endif
