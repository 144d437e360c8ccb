import CHTTPShim
import CMicroHTTPD

/// A libmicrohttpd response made once and queued for every request it
/// answers: a result-cache hit's headers (`Content-Type`, the ETag,
/// `Cache-Control`, `X-Collage-Cache: hit`) and body, sent from the cached
/// result's pages (`ResponseBody`, referenced until libmicrohttpd frees the
/// response). libmicrohttpd counts the queued uses, so one response serves
/// many connections at once; it is freed when this object goes and the
/// last connection has sent it. A hit then costs no allocation of a
/// response or its headers, and no copy of the body in user space.
/// (Sending the body with `sendfile(2)` from a memory file was measured and
/// dropped: on loopback it cost twice the kernel time of one copy, each
/// page spliced into the socket on its own.)
final class PreparedResponse: @unchecked Sendable {
    let pointer: OpaquePointer
    let status: Int
    /// Bytes of the body (for the access log).
    let count: Int

    /// A response of `status` with `headers` sending `body`'s bytes; nil when
    /// the body holds no bytes or libmicrohttpd refuses.
    init?(status: Int, headers: [(String, String)], body: ResponseBody) {
        guard let base = body.base else { return nil }
        let retained = Unmanaged.passRetained(body).toOpaque()
        guard let made = collage_mhd_create_response_from_buffer_with_free_callback_cls(
            body.count, base, { cls in if let cls { Unmanaged<ResponseBody>.fromOpaque(cls).release() } }, retained) else {
            Unmanaged<ResponseBody>.fromOpaque(retained).release()
            return nil
        }
        for (name, value) in headers { collage_mhd_add_response_header(made, name, value) }
        pointer = made
        self.status = status
        count = body.count
    }

    deinit { collage_mhd_destroy_response(pointer) }
}
