#include "ccurl_loader.h"
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef CURLcode (*global_init_fn)(long);
typedef CURL *(*easy_init_fn)(void);
typedef CURLcode (*easy_setopt_fn)(CURL *, CURLoption, ...);
typedef CURLcode (*easy_perform_fn)(CURL *);
typedef CURLcode (*easy_getinfo_fn)(CURL *, CURLINFO, ...);
typedef void (*easy_cleanup_fn)(CURL *);
typedef const char *(*easy_strerror_fn)(CURLcode);
typedef struct curl_slist *(*slist_append_fn)(struct curl_slist *, const char *);
typedef void (*slist_free_fn)(struct curl_slist *);

static struct {
    int loaded;
    easy_init_fn init;
    easy_setopt_fn setopt;
    easy_perform_fn perform;
    easy_getinfo_fn getinfo;
    easy_cleanup_fn cleanup;
    easy_strerror_fn strerror;
    slist_append_fn slist_append;
    slist_free_fn slist_free;
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
    global_init_fn global_init = (global_init_fn)dlsym(lib, "curl_global_init");
    curl.init = (easy_init_fn)dlsym(lib, "curl_easy_init");
    curl.setopt = (easy_setopt_fn)dlsym(lib, "curl_easy_setopt");
    curl.perform = (easy_perform_fn)dlsym(lib, "curl_easy_perform");
    curl.getinfo = (easy_getinfo_fn)dlsym(lib, "curl_easy_getinfo");
    curl.cleanup = (easy_cleanup_fn)dlsym(lib, "curl_easy_cleanup");
    curl.strerror = (easy_strerror_fn)dlsym(lib, "curl_easy_strerror");
    curl.slist_append = (slist_append_fn)dlsym(lib, "curl_slist_append");
    curl.slist_free = (slist_free_fn)dlsym(lib, "curl_slist_free_all");
    if (!global_init || !curl.init || !curl.setopt || !curl.perform || !curl.getinfo || !curl.cleanup || !curl.strerror
        || !curl.slist_append || !curl.slist_free) return;
    if (global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return;
    curl.loaded = 1;
}

int ccurl_available(void) {
    pthread_once(&once, load);
    return curl.loaded;
}

struct transfer {
    void *context;
    ccurl_body_fn body;
    ccurl_stop_fn stop;
    ccurl_header_fn header;
};

static size_t on_body(char *bytes, size_t size, size_t count, void *user) {
    struct transfer *t = user;
    size_t n = size * count;
    return t->body(t->context, bytes, n) == 0 ? n : 0;
}

static int on_progress(void *user, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
    (void)a; (void)b; (void)c; (void)d;
    struct transfer *t = user;
    return t->stop(t->context);
}

/* The setup both transfers share: HTTPS only, no signals, the body and the stop callback. NULL
 * (with `error` set) when libcurl is missing or will not start. */
static CURL *open_transfer(const char *url, const char *user_agent, struct transfer *t, char *buffer,
                           char *error, size_t error_size) {
    if (!ccurl_available()) {
        snprintf(error, error_size, "HTTPS needs libcurl (Debian: libcurl4), which is not installed");
        return NULL;
    }
    CURL *h = curl.init();
    if (!h) { snprintf(error, error_size, "libcurl could not start"); return NULL; }
    curl.setopt(h, CURLOPT_URL, url);
    curl.setopt(h, CURLOPT_USERAGENT, user_agent);
    curl.setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl.setopt(h, CURLOPT_WRITEFUNCTION, on_body);
    curl.setopt(h, CURLOPT_WRITEDATA, t);
    curl.setopt(h, CURLOPT_NOPROGRESS, 0L);
    curl.setopt(h, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl.setopt(h, CURLOPT_XFERINFODATA, t);
    curl.setopt(h, CURLOPT_ERRORBUFFER, buffer);
    curl.setopt(h, CURLOPT_PROTOCOLS_STR, "https");
    return h;
}

/* Runs the transfer and frees the handle: the HTTP status, or libcurl's own words for the error. */
static int perform_transfer(CURL *h, const char *buffer, long *status, char *error, size_t error_size) {
    CURLcode rc = curl.perform(h);
    if (rc == CURLE_OK) {
        curl.getinfo(h, CURLINFO_RESPONSE_CODE, status);
    } else {
        snprintf(error, error_size, "%s", buffer[0] ? buffer : curl.strerror(rc));
    }
    curl.cleanup(h);
    return (int)rc;
}

int ccurl_get(const char *url, const char *user_agent, long timeout_ms, void *context,
              ccurl_body_fn body, ccurl_stop_fn stop, long *status, char *error, size_t error_size) {
    char buffer[CURL_ERROR_SIZE] = {0};
    struct transfer t = { context, body, stop, NULL };
    CURL *h = open_transfer(url, user_agent, &t, buffer, error, error_size);
    if (!h) return -1;
    curl.setopt(h, CURLOPT_TIMEOUT_MS, timeout_ms);
    return perform_transfer(h, buffer, status, error, error_size);
}

static size_t on_header(char *bytes, size_t size, size_t count, void *user) {
    struct transfer *t = user;
    size_t n = size * count;
    return t->header(t->context, bytes, n) == 0 ? n : 0;
}

int ccurl_download(const char *url, const char *user_agent, long idle_ms, const char *const *headers, int count,
                   void *context, ccurl_header_fn header, ccurl_body_fn body, ccurl_stop_fn stop,
                   long *status, char *error, size_t error_size) {
    char buffer[CURL_ERROR_SIZE] = {0};
    struct transfer t = { context, body, stop, header };
    CURL *h = open_transfer(url, user_agent, &t, buffer, error, error_size);
    if (!h) return -1;
    struct curl_slist *list = NULL;
    for (int i = 0; i < count; i++) list = curl.slist_append(list, headers[i]);
    /* A download has no deadline of its own: it fails when it stalls (no byte for idle_ms). */
    long idle_seconds = idle_ms < 1000 ? 1 : idle_ms / 1000;
    curl.setopt(h, CURLOPT_CONNECTTIMEOUT_MS, idle_ms);
    curl.setopt(h, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl.setopt(h, CURLOPT_LOW_SPEED_TIME, idle_seconds);
    curl.setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
    curl.setopt(h, CURLOPT_MAXREDIRS, 5L);
    curl.setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "https");
    curl.setopt(h, CURLOPT_HTTPHEADER, list);
    curl.setopt(h, CURLOPT_HEADERFUNCTION, on_header);
    curl.setopt(h, CURLOPT_HEADERDATA, &t);
    int rc = perform_transfer(h, buffer, status, error, error_size);
    curl.slist_free(list);
    return rc;
}
