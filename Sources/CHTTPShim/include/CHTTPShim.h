#ifndef COLLAGE_CHTTPSHIM_H
#define COLLAGE_CHTTPSHIM_H
/*
 * What Swift cannot do with libmicrohttpd: MHD_start_daemon is C-variadic,
 * and the client address and listening sockets are sockaddr unions.
 * Functions return -1 (or NULL) on failure with a message in `error`.
 */
#include <stddef.h>
#include <stdint.h>
#include <microhttpd.h>

typedef void *(*collage_http_uri_logger)(void *cls, const char *uri, struct MHD_Connection *connection);

/* The daemon's settings (libmicrohttpd's own thread pool, limits and timeouts). */
typedef struct {
    int listen_fd;                       /* a listening socket (collage_http_listen) */
    unsigned int threads;                /* MHD_OPTION_THREAD_POOL_SIZE, at least 1 */
    unsigned int connection_limit;       /* MHD_OPTION_CONNECTION_LIMIT */
    unsigned int connection_timeout;     /* MHD_OPTION_CONNECTION_TIMEOUT, seconds */
    size_t connection_memory_limit;      /* MHD_OPTION_CONNECTION_MEMORY_LIMIT, bytes: bounds the request
                                            line (414) and headers (431) */
    MHD_AccessHandlerCallback handler;
    void *handler_cls;
    collage_http_uri_logger uri_logger;  /* its result is the request's first *req_cls */
    void *uri_logger_cls;
    MHD_RequestCompletedCallback completed;
    void *completed_cls;
} collage_http_config;

/* Starts the daemon (epoll, thread pool, suspend/resume allowed); NULL on
 * failure, or when libmicrohttpd is unavailable (collage_mhd_unavailable). */
struct MHD_Daemon *collage_http_start(const collage_http_config *config);

/* A listening socket for "HOST:PORT", "[V6]:PORT" or "unix:/PATH" (a stale
 * socket file at PATH is replaced; any other file there is refused);
 * -1 with a message in `error` on failure. */
int collage_http_listen(const char *spec, char *error, size_t error_size);

/* The TCP port `fd` is bound to (after port 0), or -1 (a Unix socket). */
int collage_http_bound_port(int fd);

/* The client's address as text ("127.0.0.1", "unix"), into `buffer`. */
void collage_http_client_address(struct MHD_Connection *connection, char *buffer, size_t size);

/* How many request header lines are named `name` (case-insensitive). */
int collage_http_header_count(struct MHD_Connection *connection, const char *name);

/* libmicrohttpd is dlopen'ed (libmicrohttpd.so.12) on first use, not linked
 * (mhd_library.c). NULL once it is loaded, else why it cannot be; every
 * other function here needs it loaded. */
const char *collage_mhd_unavailable(void);
/* libmicrohttpd's function of the same name without the collage_ prefix. */
struct MHD_Daemon *collage_mhd_start_daemon(unsigned int flags, const collage_http_config *config);
void collage_mhd_stop_daemon(struct MHD_Daemon *daemon);
MHD_socket collage_mhd_quiesce_daemon(struct MHD_Daemon *daemon);
const union MHD_ConnectionInfo *collage_mhd_client_address_info(struct MHD_Connection *connection);
int collage_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                      MHD_KeyValueIterator iterator, void *cls);
const char *collage_mhd_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                                const char *key);
void collage_mhd_suspend_connection(struct MHD_Connection *connection);
void collage_mhd_resume_connection(struct MHD_Connection *connection);
enum MHD_Result collage_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                           struct MHD_Response *response);
struct MHD_Response *collage_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                             enum MHD_ResponseMemoryMode mode);
struct MHD_Response *collage_mhd_create_response_from_buffer_with_free_callback_cls(
    size_t size, void *buffer, MHD_ContentReaderFreeCallback free_callback, void *free_cls);
struct MHD_Response *collage_mhd_create_response_from_callback(uint64_t size, size_t block_size,
                                                               MHD_ContentReaderCallback reader, void *reader_cls,
                                                               MHD_ContentReaderFreeCallback free_callback);
enum MHD_Result collage_mhd_add_response_header(struct MHD_Response *response, const char *header,
                                                const char *content);
void collage_mhd_destroy_response(struct MHD_Response *response);

#endif
