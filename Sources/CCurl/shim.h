#pragma once
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic macros/functions, which
// Swift cannot call; these typed wrappers are the whole bridge we need.

typedef size_t (*etl_curl_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);

static inline CURLcode etl_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode etl_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode etl_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode etl_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode etl_curl_setopt_write_function(CURL *handle, CURLoption option, etl_curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode etl_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode etl_curl_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode etl_curl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

// The CURLMsg union member that carries a finished transfer's result.
static inline CURLcode etl_curl_message_result(CURLMsg *message) {
    return message->data.result;
}
