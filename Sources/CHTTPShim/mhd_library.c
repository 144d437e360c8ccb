/* libmicrohttpd, loaded with dlopen by the first `collage serve` or live
 * preview, not linked: it pulls in GnuTLS and its dependencies (p11-kit,
 * libtasn1, libidn2, libunistring, gmp...), whose loading and relocation
 * every other command paid for at start, in time and resident memory
 * (issue 32). The collage_mhd_* functions forward to libmicrohttpd's
 * functions of the same name (CHTTPShim.h); they must only be called once
 * collage_mhd_unavailable() returned NULL (those that make a response
 * check it and return NULL). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include "CHTTPShim.h"

#define MHD_FUNCTIONS(X) \
    X(MHD_start_daemon) X(MHD_stop_daemon) X(MHD_quiesce_daemon) \
    X(MHD_get_connection_info) X(MHD_get_connection_values) X(MHD_lookup_connection_value) \
    X(MHD_suspend_connection) X(MHD_resume_connection) X(MHD_queue_response) \
    X(MHD_create_response_from_buffer) X(MHD_create_response_from_buffer_with_free_callback_cls) \
    X(MHD_create_response_from_callback) X(MHD_add_response_header) X(MHD_destroy_response)

#define DECLARE(name) __typeof__(name) *name;
static struct { MHD_FUNCTIONS(DECLARE) } lib;
#undef DECLARE

/* NULL once libmicrohttpd is loaded, else why it could not be. */
static const char *unavailable = "libmicrohttpd was not loaded";
static char unavailable_text[512];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_library(void) {
    void *handle = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(unavailable_text, sizeof unavailable_text, "%s", why ? why : "libmicrohttpd.so.12 not found");
        unavailable = unavailable_text;
        return;
    }
#define RESOLVE(name) \
    if (!(*(void **)&lib.name = dlsym(handle, #name))) { \
        snprintf(unavailable_text, sizeof unavailable_text, "libmicrohttpd.so.12 lacks %s", #name); \
        unavailable = unavailable_text; \
        return; \
    }
    MHD_FUNCTIONS(RESOLVE)
#undef RESOLVE
    unavailable = NULL;
}

const char *collage_mhd_unavailable(void) {
    pthread_once(&init_once, init_library);
    return unavailable;
}

const union MHD_ConnectionInfo *collage_mhd_client_address_info(struct MHD_Connection *connection) {
    return lib.MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
}

struct MHD_Daemon *collage_mhd_start_daemon(unsigned int flags, const collage_http_config *c) {
    return lib.MHD_start_daemon(flags, 0, NULL, NULL, c->handler, c->handler_cls,
                                MHD_OPTION_LISTEN_SOCKET, (MHD_socket)c->listen_fd,
                                MHD_OPTION_THREAD_POOL_SIZE, c->threads > 0 ? c->threads : 1u,
                                MHD_OPTION_CONNECTION_LIMIT, c->connection_limit,
                                MHD_OPTION_CONNECTION_TIMEOUT, c->connection_timeout,
                                MHD_OPTION_CONNECTION_MEMORY_LIMIT, c->connection_memory_limit,
                                MHD_OPTION_URI_LOG_CALLBACK, c->uri_logger, c->uri_logger_cls,
                                MHD_OPTION_NOTIFY_COMPLETED, c->completed, c->completed_cls,
                                MHD_OPTION_END);
}

int collage_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                      MHD_KeyValueIterator iterator, void *cls) {
    return lib.MHD_get_connection_values(connection, kind, iterator, cls);
}

void collage_mhd_stop_daemon(struct MHD_Daemon *daemon) { lib.MHD_stop_daemon(daemon); }

MHD_socket collage_mhd_quiesce_daemon(struct MHD_Daemon *daemon) { return lib.MHD_quiesce_daemon(daemon); }

const char *collage_mhd_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                                const char *key) {
    return lib.MHD_lookup_connection_value(connection, kind, key);
}

void collage_mhd_suspend_connection(struct MHD_Connection *connection) { lib.MHD_suspend_connection(connection); }

void collage_mhd_resume_connection(struct MHD_Connection *connection) { lib.MHD_resume_connection(connection); }

enum MHD_Result collage_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                           struct MHD_Response *response) {
    return lib.MHD_queue_response(connection, status_code, response);
}

struct MHD_Response *collage_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                             enum MHD_ResponseMemoryMode mode) {
    if (collage_mhd_unavailable()) return NULL;
    return lib.MHD_create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *collage_mhd_create_response_from_buffer_with_free_callback_cls(
    size_t size, void *buffer, MHD_ContentReaderFreeCallback free_callback, void *free_cls) {
    if (collage_mhd_unavailable()) return NULL;
    return lib.MHD_create_response_from_buffer_with_free_callback_cls(size, buffer, free_callback, free_cls);
}

struct MHD_Response *collage_mhd_create_response_from_callback(uint64_t size, size_t block_size,
                                                               MHD_ContentReaderCallback reader, void *reader_cls,
                                                               MHD_ContentReaderFreeCallback free_callback) {
    if (collage_mhd_unavailable()) return NULL;
    return lib.MHD_create_response_from_callback(size, block_size, reader, reader_cls, free_callback);
}

enum MHD_Result collage_mhd_add_response_header(struct MHD_Response *response, const char *header,
                                                const char *content) {
    return lib.MHD_add_response_header(response, header, content);
}

void collage_mhd_destroy_response(struct MHD_Response *response) { lib.MHD_destroy_response(response); }
