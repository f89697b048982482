#ifndef CELLSCAPE_CURL_TRANSFERS_H
#define CELLSCAPE_CURL_TRANSFERS_H

// libcurl for the transport's one thread: curl's option and info calls are variadic, which Swift
// cannot call, so each kind of argument gets a typed wrapper here. libcurl is opened with dlopen when
// the first feed is (linked, its 33 libraries cost every start of the program 5 ms, the desktop's
// thumbnailer's included): each function is called through a pointer of the type its header declares.
#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>

/// Opens libcurl once a process: 1 when it is there, else 0 with a message naming its package.
int cellscape_curl_load(char *message, int message_size);

// What Swift calls, through the library opened (after `cellscape_curl_load` said yes).
CURLcode cellscape_curl_global_init(long flags);
CURL *cellscape_curl_easy_init(void);
void cellscape_curl_easy_cleanup(CURL *easy);
CURLM *cellscape_curl_multi_init(void);
CURLMcode cellscape_curl_multi_cleanup(CURLM *multi);
CURLMcode cellscape_curl_multi_wakeup(CURLM *multi);
CURLMcode cellscape_curl_multi_perform(CURLM *multi, int *running);
CURLMcode cellscape_curl_multi_poll(CURLM *multi, struct curl_waitfd fds[], unsigned count, int milliseconds, int *ready);
CURLMcode cellscape_curl_multi_add_handle(CURLM *multi, CURL *easy);
CURLMcode cellscape_curl_multi_remove_handle(CURLM *multi, CURL *easy);
CURLMsg *cellscape_curl_multi_info_read(CURLM *multi, int *left);
CURLMcode cellscape_curl_multi_timeout(CURLM *multi, long *milliseconds);
struct curl_slist *cellscape_curl_slist_append(struct curl_slist *list, const char *text);
void cellscape_curl_slist_free_all(struct curl_slist *list);

typedef size_t (*cellscape_curl_data_callback)(char *data, size_t size, size_t count, void *context);

CURLcode cellscape_curl_set_long(CURL *easy, CURLoption option, long value);
CURLcode cellscape_curl_set_text(CURL *easy, CURLoption option, const char *value);
CURLcode cellscape_curl_set_pointer(CURL *easy, CURLoption option, void *value);
CURLcode cellscape_curl_set_data_callback(CURL *easy, CURLoption option, cellscape_curl_data_callback callback);
CURLMcode cellscape_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);
/// The status of the last answer, 0 before one came.
long cellscape_curl_status(CURL *easy);
/// What CURLOPT_PRIVATE holds.
void *cellscape_curl_private(CURL *easy);
/// The easy handle and the result of a message that says a transfer ended; NULL for another message.
CURL *cellscape_curl_done(CURLMsg *message, CURLcode *result);
/// Whether the transfer had made its connection (its connect time is known).
int cellscape_curl_connected(CURL *easy);
/// The system error of the last connection attempt (ECONNREFUSED...).
long cellscape_curl_system_error(CURL *easy);
/// Says whether a socket may be opened to an address (its 4 or 16 bytes), given a transfer's context.
typedef int (*cellscape_curl_address_check)(void *context, const unsigned char *address, int length);
/// Every socket the transfer opens is to an address `check` accepted first, given `context`: one it
/// refuses is never opened (no packet leaves) and the transfer fails to connect. The process has one
/// check: each call passes the same function.
CURLcode cellscape_curl_check_addresses(CURL *easy, cellscape_curl_address_check check, void *context);
/// Whether this libcurl speaks HTTP/2.
int cellscape_curl_has_http2(void);

#endif
