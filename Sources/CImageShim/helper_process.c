/* Work that cannot be interrupted (librsvg's render, libheif's decode), run
 * in a helper process that is killed at a deadline (see CImageShim.h and
 * HelperProcess.swift).
 *
 * The parent writes the request (a collage_helper_request and the file's
 * bytes) into an anonymous memory file (memfd) and creates a second one the
 * size of the result; the helper, an executable that calls
 * collage_helper_serve (collage itself, `collage --collage-helper`), gets
 * them as descriptors 3 and 4 and a pipe as its standard output, on which
 * it writes one status line. The helper sets its own RLIMIT_AS and
 * RLIMIT_CPU from the request before it touches the data, and asks the
 * kernel to kill it when its parent thread dies (PR_SET_PDEATHSIG). The
 * parent waits for the status with poll() until the deadline, then kills it
 * (SIGKILL) and reaps it (waitpid): no helper outlives the call. Every
 * descriptor the parent opens is close-on-exec, so concurrent spawns leak
 * nothing into each other's helpers. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"

extern char **environ;

#define HELPER_MAGIC 0x436f6c48u /* "ColH" */

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int write_all(int fd, const void *data, size_t length) {
    const uint8_t *p = data;
    while (length > 0) {
        ssize_t n = write(fd, p, length);
        if (n < 0) { if (errno == EINTR) continue; return -1; }
        p += n; length -= (size_t)n;
    }
    return 0;
}

int collage_helper_run(const char *executable, const collage_helper_request *request, const uint8_t *data,
                       uint8_t *out, size_t out_length, double timeout_seconds, char *message) {
    double deadline = now_seconds() + timeout_seconds;
    int in_fd = -1, out_fd = -1, pipe_fds[2] = {-1, -1}, status = -1;
    pid_t pid = -1;
    char text[COLLAGE_MESSAGE_MAX];
    in_fd = memfd_create("collage-helper-request", MFD_CLOEXEC);
    out_fd = memfd_create("collage-helper-result", MFD_CLOEXEC);
    if (in_fd < 0 || out_fd < 0 || pipe2(pipe_fds, O_CLOEXEC) != 0) {
        snprintf(text, sizeof text, "cannot start the helper process: %s", strerror(errno));
        goto done;
    }
    collage_helper_request header = *request;
    header.magic = HELPER_MAGIC;
    header.result_length = out_length;
    if (write_all(in_fd, &header, sizeof header) != 0 || write_all(in_fd, data, request->data_length) != 0
        || ftruncate(out_fd, (off_t)out_length) != 0) {
        snprintf(text, sizeof text, "cannot hand the work to the helper process: %s", strerror(errno));
        goto done;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
    posix_spawn_file_actions_adddup2(&actions, in_fd, 3);
    posix_spawn_file_actions_adddup2(&actions, out_fd, 4);
    char *argv[] = {(char *)executable, (char *)COLLAGE_HELPER_ARGUMENT, NULL};
    int spawned = posix_spawn(&pid, executable, &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(pipe_fds[1]); pipe_fds[1] = -1;
    if (spawned != 0) {
        pid = -1;
        snprintf(text, sizeof text, "cannot start the helper process %s: %s", executable, strerror(spawned));
        goto done;
    }
    /* The status line, until end of file or the deadline. */
    char reply[COLLAGE_MESSAGE_MAX];
    size_t got = 0;
    int timed_out = 0;
    for (;;) {
        double left = deadline - now_seconds();
        if (left <= 0) { timed_out = 1; break; }
        struct pollfd p = {pipe_fds[0], POLLIN, 0};
        int ready = poll(&p, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) continue;
        ssize_t n = read(pipe_fds[0], reply + got, sizeof reply - 1 - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
        if (got == sizeof reply - 1) break;
    }
    reply[got] = 0;
    if (timed_out) kill(pid, SIGKILL);
    int wait_status = 0;
    while (waitpid(pid, &wait_status, 0) < 0 && errno == EINTR) {}
    pid = -1;
    if (timed_out) { status = 1; snprintf(text, sizeof text, "the deadline passed"); goto done; }
    if (WIFSIGNALED(wait_status)) {
        int signal = WTERMSIG(wait_status);
        snprintf(text, sizeof text, "the helper process was stopped by signal %d (%s)%s", signal, strsignal(signal),
                 signal == SIGXCPU ? ": over its CPU-time limit"
                 : signal == SIGKILL ? ": over its CPU-time limit, killed for memory, or by another process" : "");
        goto done;
    }
    if (strncmp(reply, "ok", 2) != 0) {
        size_t n = strlen(reply);
        while (n > 0 && reply[n - 1] == '\n') reply[--n] = 0;
        snprintf(text, sizeof text, "%s", got > 0 ? reply : "the helper process ended without an answer");
        goto done;
    }
    size_t done_bytes = 0;
    while (done_bytes < out_length) {
        ssize_t n = pread(out_fd, out + done_bytes, out_length - done_bytes, (off_t)done_bytes);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { snprintf(text, sizeof text, "cannot read the helper's result: %s", strerror(errno)); goto done; }
        done_bytes += (size_t)n;
    }
    status = 0;
done:
    if (pid > 0) { kill(pid, SIGKILL); while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {} }
    if (in_fd >= 0) close(in_fd);
    if (out_fd >= 0) close(out_fd);
    if (pipe_fds[0] >= 0) close(pipe_fds[0]);
    if (pipe_fds[1] >= 0) close(pipe_fds[1]);
    if (status != 0) collage_copy_message(message, text);
    return status;
}

/* The helper's side: fd 3 the request, fd 4 the result, stdout the status. */
static int serve(char *reply) {
    collage_helper_request header;
    struct stat st;
    if (fstat(3, &st) != 0 || (size_t)st.st_size < sizeof header) { strcpy(reply, "no request on descriptor 3"); return 1; }
    const uint8_t *request = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, 3, 0);
    if (request == MAP_FAILED) { snprintf(reply, COLLAGE_MESSAGE_MAX, "cannot map the request: %s", strerror(errno)); return 1; }
    memcpy(&header, request, sizeof header);
    if (header.magic != HELPER_MAGIC || sizeof header + header.data_length > (size_t)st.st_size) {
        strcpy(reply, "not a collage helper request"); return 1;
    }
    struct rlimit cpu = {header.cpu_seconds, header.cpu_seconds + 1};
    struct rlimit as = {header.address_space, header.address_space};
    if (header.cpu_seconds > 0) setrlimit(RLIMIT_CPU, &cpu);
    if (header.address_space > 0) setrlimit(RLIMIT_AS, &as);
    uint8_t *out = header.result_length == 0 ? NULL
        : mmap(NULL, header.result_length, PROT_READ | PROT_WRITE, MAP_SHARED, 4, 0);
    if (out == MAP_FAILED) { snprintf(reply, COLLAGE_MESSAGE_MAX, "cannot map the result: %s", strerror(errno)); return 1; }
    const uint8_t *data = request + sizeof header;
    char message[COLLAGE_MESSAGE_MAX] = "";
    if (header.operation == COLLAGE_HELPER_SVG_RENDER) {
        double width = 0, height = 0;
        collage_svg *svg = collage_svg_load(data, header.data_length, &width, &height, message);
        if (!svg) { snprintf(reply, COLLAGE_MESSAGE_MAX, "invalid SVG: %s", message); return 1; }
        if ((size_t)header.width * (size_t)header.height * 4 > header.result_length) { strcpy(reply, "result too small"); return 1; }
        if (collage_svg_render(svg, out, header.width, header.height, header.matrix, header.viewport_width,
                               header.viewport_height, message) != 0) {
            snprintf(reply, COLLAGE_MESSAGE_MAX, "cannot draw the SVG: %s", message);
            return 1;
        }
        return 0;
    }
    if (header.operation == COLLAGE_HELPER_HEIF_DECODE) {
        if (collage_heif_unavailable()) { snprintf(reply, COLLAGE_MESSAGE_MAX, "%s", collage_heif_unavailable()); return 1; }
        collage_heif_decoder *decoder = collage_heif_open();
        collage_heif_info info;
        if (!decoder || collage_heif_header(decoder, data, header.data_length, &info) != 0
            || collage_heif_decode(decoder, header.reduction, out, header.result_length) != 0) {
            snprintf(reply, COLLAGE_MESSAGE_MAX, "invalid HEIF: %s", decoder ? collage_heif_message(decoder) : "out of memory");
            return 1;
        }
        return 0;
    }
    strcpy(reply, "unknown helper operation");
    return 1;
}

int collage_helper_serve(void) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) return 1; /* the parent died before the line above */
    char reply[COLLAGE_MESSAGE_MAX] = "";
    int failed = serve(reply);
    if (!failed) strcpy(reply, "ok");
    size_t n = strlen(reply);
    reply[n] = '\n';
    write_all(1, reply, n + 1);
    return failed;
}
