#include "curl_transfers.h"

#include <netinet/in.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/socket.h>

CURLcode cellscape_curl_set_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

CURLcode cellscape_curl_set_text(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

CURLcode cellscape_curl_set_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

CURLcode cellscape_curl_set_data_callback(CURL *easy, CURLoption option, cellscape_curl_data_callback callback) {
    return curl_easy_setopt(easy, option, callback);
}

CURLMcode cellscape_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

long cellscape_curl_status(CURL *easy) {
    long status = 0;
    if (curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK) return 0;
    return status;
}

void *cellscape_curl_private(CURL *easy) {
    char *context = NULL;
    if (curl_easy_getinfo(easy, CURLINFO_PRIVATE, &context) != CURLE_OK) return NULL;
    return context;
}

CURL *cellscape_curl_done(CURLMsg *message, CURLcode *result) {
    if (message == NULL || message->msg != CURLMSG_DONE) return NULL;
    *result = message->data.result;
    return message->easy_handle;
}

int cellscape_curl_connected(CURL *easy) {
    curl_off_t connect = 0;
    if (curl_easy_getinfo(easy, CURLINFO_CONNECT_TIME_T, &connect) != CURLE_OK) return 0;
    return connect > 0;
}

long cellscape_curl_system_error(CURL *easy) {
    long error = 0;
    if (curl_easy_getinfo(easy, CURLINFO_OS_ERRNO, &error) != CURLE_OK) return 0;
    return error;
}

int cellscape_curl_has_http2(void) {
    curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
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
    CURLcode result = curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, open_checked);
    return result == CURLE_OK ? curl_easy_setopt(easy, CURLOPT_OPENSOCKETDATA, context) : result;
}
