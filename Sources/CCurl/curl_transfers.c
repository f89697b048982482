#include "curl_transfers.h"

#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/socket.h>

#define CURL_FUNCTIONS(F)                                                                                              \
    F(curl_global_init) F(curl_easy_init) F(curl_easy_cleanup) F(curl_easy_setopt) F(curl_easy_getinfo)               \
    F(curl_multi_init) F(curl_multi_cleanup) F(curl_multi_wakeup) F(curl_multi_perform) F(curl_multi_poll)            \
    F(curl_multi_add_handle) F(curl_multi_remove_handle) F(curl_multi_info_read) F(curl_multi_timeout)                \
    F(curl_multi_setopt) F(curl_slist_append) F(curl_slist_free_all) F(curl_version_info)

#define CURL_FIELD(name) __typeof__(&name) name;
static struct {
    CURL_FUNCTIONS(CURL_FIELD)
} curl;
#undef CURL_FIELD
static int loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    int missing = 0;
#define CURL_LOAD(name) missing |= !(curl.name = (__typeof__(curl.name))dlsym(library, #name));
    CURL_FUNCTIONS(CURL_LOAD)
#undef CURL_LOAD
    loaded = !missing;
}

int cellscape_curl_load(char *message, int message_size) {
    pthread_once(&load_once, load);
    // Debian 13 renamed the package in its move to 64-bit times, with curl 8.
    const char *package = LIBCURL_VERSION_NUM >= 0x080000 ? "libcurl4t64" : "libcurl4";
    if (!loaded && message && message_size > 0)
        snprintf(message, (size_t)message_size, "feeds need libcurl: install %s", package);
    return loaded;
}

CURLcode cellscape_curl_global_init(long flags) { return curl.curl_global_init(flags); }
CURL *cellscape_curl_easy_init(void) { return curl.curl_easy_init(); }
void cellscape_curl_easy_cleanup(CURL *easy) { curl.curl_easy_cleanup(easy); }
CURLM *cellscape_curl_multi_init(void) { return curl.curl_multi_init(); }
CURLMcode cellscape_curl_multi_cleanup(CURLM *multi) { return curl.curl_multi_cleanup(multi); }
CURLMcode cellscape_curl_multi_wakeup(CURLM *multi) { return curl.curl_multi_wakeup(multi); }
CURLMcode cellscape_curl_multi_perform(CURLM *multi, int *running) { return curl.curl_multi_perform(multi, running); }
CURLMcode cellscape_curl_multi_poll(CURLM *multi, struct curl_waitfd fds[], unsigned count, int milliseconds,
                                    int *ready) {
    return curl.curl_multi_poll(multi, fds, count, milliseconds, ready);
}
CURLMcode cellscape_curl_multi_add_handle(CURLM *multi, CURL *easy) { return curl.curl_multi_add_handle(multi, easy); }
CURLMcode cellscape_curl_multi_remove_handle(CURLM *multi, CURL *easy) {
    return curl.curl_multi_remove_handle(multi, easy);
}
CURLMsg *cellscape_curl_multi_info_read(CURLM *multi, int *left) { return curl.curl_multi_info_read(multi, left); }
CURLMcode cellscape_curl_multi_timeout(CURLM *multi, long *milliseconds) {
    return curl.curl_multi_timeout(multi, milliseconds);
}
struct curl_slist *cellscape_curl_slist_append(struct curl_slist *list, const char *text) {
    return curl.curl_slist_append(list, text);
}
void cellscape_curl_slist_free_all(struct curl_slist *list) { curl.curl_slist_free_all(list); }

CURLcode cellscape_curl_set_long(CURL *easy, CURLoption option, long value) {
    return curl.curl_easy_setopt(easy, option, value);
}

CURLcode cellscape_curl_set_text(CURL *easy, CURLoption option, const char *value) {
    return curl.curl_easy_setopt(easy, option, value);
}

CURLcode cellscape_curl_set_pointer(CURL *easy, CURLoption option, void *value) {
    return curl.curl_easy_setopt(easy, option, value);
}

CURLcode cellscape_curl_set_data_callback(CURL *easy, CURLoption option, cellscape_curl_data_callback callback) {
    return curl.curl_easy_setopt(easy, option, callback);
}

CURLMcode cellscape_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl.curl_multi_setopt(multi, option, value);
}

long cellscape_curl_status(CURL *easy) {
    long status = 0;
    if (curl.curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK) return 0;
    return status;
}

void *cellscape_curl_private(CURL *easy) {
    char *context = NULL;
    if (curl.curl_easy_getinfo(easy, CURLINFO_PRIVATE, &context) != CURLE_OK) return NULL;
    return context;
}

CURL *cellscape_curl_done(CURLMsg *message, CURLcode *result) {
    if (message == NULL || message->msg != CURLMSG_DONE) return NULL;
    *result = message->data.result;
    return message->easy_handle;
}

int cellscape_curl_connected(CURL *easy) {
    curl_off_t connect = 0;
    if (curl.curl_easy_getinfo(easy, CURLINFO_CONNECT_TIME_T, &connect) != CURLE_OK) return 0;
    return connect > 0;
}

long cellscape_curl_system_error(CURL *easy) {
    long error = 0;
    if (curl.curl_easy_getinfo(easy, CURLINFO_OS_ERRNO, &error) != CURLE_OK) return 0;
    return error;
}

int cellscape_curl_has_http2(void) {
    curl_version_info_data *info = curl.curl_version_info(CURLVERSION_NOW);
    return info != NULL && (info->features & CURL_VERSION_HTTP2) != 0;
}

static _Atomic(cellscape_curl_address_check) address_check;

static curl_socket_t open_checked(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
    unsigned char bytes[16];
    int length = 0;
    if (address->family == AF_INET) {
        memcpy(bytes, &((struct sockaddr_in *)(void *)&address->addr)->sin_addr, 4);
        length = 4;
    } else if (address->family == AF_INET6) {
        memcpy(bytes, &((struct sockaddr_in6 *)(void *)&address->addr)->sin6_addr, 16);
        length = 16;
    }
    cellscape_curl_address_check check = atomic_load(&address_check);
    if (purpose != CURLSOCKTYPE_IPCXN || length == 0 || !check || !check(context, bytes, length)) {
        return CURL_SOCKET_BAD;
    }
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

CURLcode cellscape_curl_check_addresses(CURL *easy, cellscape_curl_address_check check, void *context) {
    atomic_store(&address_check, check);
    CURLcode result = curl.curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, open_checked);
    return result == CURLE_OK ? curl.curl_easy_setopt(easy, CURLOPT_OPENSOCKETDATA, context) : result;
}
