#include "CHTTPShim.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

struct MHD_Daemon *collage_http_start(const collage_http_config *c) {
    /* MHD_USE_TURBO (with epoll): optimistic non-blocking reads and writes
     * before asking epoll, and no shutdown() before close: fewer system
     * calls a request. */
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC |
                         MHD_USE_TURBO;
    if (collage_mhd_unavailable()) return NULL;
    return collage_mhd_start_daemon(flags, c);
}

static int fail(char *error, size_t size, const char *what, const char *spec) {
    snprintf(error, size, "%s '%s': %s", what, spec, strerror(errno));
    return -1;
}

static int listen_unix(const char *path, char *error, size_t size) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof address.sun_path) {
        snprintf(error, size, "the socket path '%s' is longer than %zu bytes", path, sizeof address.sun_path - 1);
        return -1;
    }
    strcpy(address.sun_path, path);
    struct stat st;
    if (lstat(path, &st) == 0) {
        if (!S_ISSOCK(st.st_mode)) {
            snprintf(error, size, "'%s' exists and is not a socket; remove it or choose another path", path);
            return -1;
        }
        unlink(path);
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return fail(error, size, "cannot create a socket for", path);
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0 || listen(fd, 1024) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return fail(error, size, "cannot listen on", path);
    }
    return fd;
}

int collage_http_listen(const char *spec, char *error, size_t size) {
    if (strncmp(spec, "unix:", 5) == 0) return listen_unix(spec + 5, error, size);
    char host[256];
    const char *colon = strrchr(spec, ':');
    if (colon == NULL || colon == spec || colon[1] == '\0' || (size_t)(colon - spec) >= sizeof host) {
        snprintf(error, size, "'%s' is not HOST:PORT or unix:/PATH (e.g. 127.0.0.1:8080)", spec);
        return -1;
    }
    const char *start = spec;
    size_t length = (size_t)(colon - spec);
    if (spec[0] == '[' && colon[-1] == ']') { start = spec + 1; length -= 2; }
    memcpy(host, start, length);
    host[length] = '\0';
    struct addrinfo hints, *found = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    int status = getaddrinfo(host, colon + 1, &hints, &found);
    if (status != 0) {
        snprintf(error, size, "cannot resolve '%s': %s", spec, gai_strerror(status));
        return -1;
    }
    int fd = -1;
    for (struct addrinfo *a = found; a != NULL; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        int on = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        if (bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, 1024) == 0) break;
        int saved = errno;
        close(fd);
        errno = saved;
        fd = -1;
    }
    freeaddrinfo(found);
    if (fd < 0) return fail(error, size, "cannot listen on", spec);
    return fd;
}

int collage_http_bound_port(int fd) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return -1;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return -1;
}

void collage_http_client_address(struct MHD_Connection *connection, char *buffer, size_t size) {
    snprintf(buffer, size, "unix");
    const union MHD_ConnectionInfo *info = collage_mhd_client_address_info(connection);
    if (info == NULL || info->client_addr == NULL) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)size);
    else if (address->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)size);
}

typedef struct { const char *name; int count; } header_count;

static enum MHD_Result count_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind; (void)value;
    header_count *state = cls;
    if (key != NULL && strcasecmp(key, state->name) == 0) state->count += 1;
    return MHD_YES;
}

int collage_http_header_count(struct MHD_Connection *connection, const char *name) {
    header_count state = { name, 0 };
    collage_mhd_get_connection_values(connection, MHD_HEADER_KIND, count_header, &state);
    return state.count;
}
