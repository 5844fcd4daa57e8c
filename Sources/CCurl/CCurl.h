// libcurl for Swift, loaded on first use. curl_easy_setopt and curl_easy_getinfo are variadic,
// which Swift cannot call, so each kind of argument gets a typed static inline wrapper here;
// CURL_GLOBAL_DEFAULT is a macro over an expression, reached the same way.
//
// libcurl is not linked: linking it made every start of the demo load it and the 35 shared
// libraries it needs (OpenSSL, GnuTLS, Kerberos, LDAP…), feeds or not. Every call goes through
// ccurl_symbol, which opens libcurl.so.4 with dlopen the first time a fetch needs it
// (ccurl_load) and looks the function up; a machine without libcurl fails that fetch with
// ccurl_load_error's line, and nothing else.
#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

// The library's handle: opened once per process (dlopen counts its opens, and any copy of
// these inline functions finds the same library).
static inline void *ccurl_library(void) {
  static void *library;
  void *handle = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
  if (handle == NULL) {
    handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (handle != NULL) __atomic_store_n(&library, handle, __ATOMIC_RELEASE);
  }
  return handle;
}

// 1 once libcurl is loaded (loading it now if need be), else 0.
static inline int ccurl_load(void) { return ccurl_library() != NULL; }

// Why libcurl could not be loaded (dlerror's line), or NULL.
static inline const char *ccurl_load_error(void) {
  return ccurl_load() ? NULL : dlerror();
}

// The function `name` of libcurl, or NULL when libcurl or the function is missing.
static inline void *ccurl_symbol(const char *name) {
  void *handle = ccurl_library();
  return handle == NULL ? NULL : dlsym(handle, name);
}

static inline CURLcode ccurl_global_init(void) {
  CURLcode (*function)(long) = (CURLcode(*)(long))ccurl_symbol("curl_global_init");
  return function == NULL ? CURLE_FAILED_INIT : function(CURL_GLOBAL_DEFAULT);
}

static inline CURL *ccurl_easy_init(void) {
  CURL *(*function)(void) = (CURL * (*)(void)) ccurl_symbol("curl_easy_init");
  return function == NULL ? NULL : function();
}

static inline void ccurl_easy_cleanup(CURL *handle) {
  void (*function)(CURL *) = (void (*)(CURL *))ccurl_symbol("curl_easy_cleanup");
  if (function != NULL) function(handle);
}

static inline CURLcode ccurl_easy_perform(CURL *handle) {
  CURLcode (*function)(CURL *) = (CURLcode(*)(CURL *))ccurl_symbol("curl_easy_perform");
  return function == NULL ? CURLE_FAILED_INIT : function(handle);
}

static inline const char *ccurl_easy_strerror(CURLcode code) {
  const char *(*function)(CURLcode) =
      (const char *(*)(CURLcode))ccurl_symbol("curl_easy_strerror");
  return function == NULL ? "libcurl is not loaded" : function(code);
}

static inline struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line) {
  struct curl_slist *(*function)(struct curl_slist *, const char *) =
      (struct curl_slist * (*)(struct curl_slist *, const char *)) ccurl_symbol("curl_slist_append");
  return function == NULL ? list : function(list, line);
}

static inline void ccurl_slist_free_all(struct curl_slist *list) {
  void (*function)(struct curl_slist *) =
      (void (*)(struct curl_slist *))ccurl_symbol("curl_slist_free_all");
  if (function != NULL && list != NULL) function(list);
}

// The variadic two, as their C type: each wrapper below passes one argument of a known type.
typedef CURLcode (*ccurl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*ccurl_getinfo_function)(CURL *, CURLINFO, ...);

static inline ccurl_setopt_function ccurl_setopt(void) {
  return (ccurl_setopt_function)ccurl_symbol("curl_easy_setopt");
}

static inline ccurl_getinfo_function ccurl_getinfo(void) {
  return (ccurl_getinfo_function)ccurl_symbol("curl_easy_getinfo");
}

static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
  ccurl_setopt_function setopt = ccurl_setopt();
  return setopt == NULL ? CURLE_FAILED_INIT : setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  ccurl_setopt_function setopt = ccurl_setopt();
  return setopt == NULL ? CURLE_FAILED_INIT : setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  ccurl_setopt_function setopt = ccurl_setopt();
  return setopt == NULL ? CURLE_FAILED_INIT : setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  ccurl_setopt_function setopt = ccurl_setopt();
  return setopt == NULL ? CURLE_FAILED_INIT : setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option,
                                          struct curl_slist *value) {
  ccurl_setopt_function setopt = ccurl_setopt();
  return setopt == NULL ? CURLE_FAILED_INIT : setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_write_function(CURL *handle, CURLoption option,
                                                  curl_write_callback callback) {
  ccurl_setopt_function setopt = ccurl_setopt();
  return setopt == NULL ? CURLE_FAILED_INIT : setopt(handle, option, callback);
}

static inline CURLcode ccurl_setopt_xferinfo_function(CURL *handle,
                                                     curl_xferinfo_callback callback) {
  ccurl_setopt_function setopt = ccurl_setopt();
  return setopt == NULL ? CURLE_FAILED_INIT : setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  ccurl_getinfo_function getinfo = ccurl_getinfo();
  return getinfo == NULL ? CURLE_FAILED_INIT : getinfo(handle, info, value);
}

static inline CURLcode ccurl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
  ccurl_getinfo_function getinfo = ccurl_getinfo();
  return getinfo == NULL ? CURLE_FAILED_INIT : getinfo(handle, info, value);
}

static inline CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  ccurl_getinfo_function getinfo = ccurl_getinfo();
  return getinfo == NULL ? CURLE_FAILED_INIT : getinfo(handle, info, value);
}

#endif
