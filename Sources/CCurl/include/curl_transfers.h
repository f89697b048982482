#ifndef CELLSCAPE_CURL_TRANSFERS_H
#define CELLSCAPE_CURL_TRANSFERS_H

// libcurl for the transport's one thread: curl's option and info calls are variadic, which Swift
// cannot call, so each kind of argument gets a typed wrapper here.
#include <curl/curl.h>

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
