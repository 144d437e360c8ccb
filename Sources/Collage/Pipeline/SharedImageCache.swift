import CollageCodecs
import CollageRaster
#if canImport(Glibc)
import Glibc
#endif

/// Decoded images kept across the rows of a `collage batch` (and across its
/// `--jobs` workers), so that an input every row uses (a logo overlay, a
/// background photo named literally in the template) is decoded once per
/// batch instead of once per row.
///
/// Which paths are kept is decided per path (`share`, `noteRowImages`): the
/// batch runner shares up front the images its first two rows have in
/// common, since an input of every row is an input of those two, and tells
/// the cache each row's images as the row starts, so an image that a later
/// row names again (a photo used by several rows) is shared from its second
/// row on. Images named by one row only never enter the cache and are
/// decoded (or streamed) per row as before.
///
/// An entry is keyed by the file (path, size and modification time, so a
/// file replaced during the batch is decoded again), the decode options
/// (size, orientation, budget, lenience) and whether it is wanted as stored
/// or upright. Two workers asking for the same entry at once decode it once:
/// the second waits for the first. Entries are kept while their pixels fit
/// in `budgetBytes` (default 256 MiB, RGBA bytes); past it, further images
/// are decoded per row and not kept (first come, first kept: a batch's
/// shared images are requested by its first row), a JPEG photo whose
/// decoded size the header foretells being streamed again
/// (`keepsOrFits`).
///
/// Thread safety: every method may be called from any thread.
public final class SharedImageCache: @unchecked Sendable {
    /// The most bytes of decoded pixels kept (RGBA, 4 bytes a pixel).
    public let budgetBytes: Int

    private let lock = PlainLock()
    private var sharedPaths: Set<String> = []
    /// The hash of every path some row named (`noteRowImages`): 8 bytes a
    /// path, however many rows. A collision only shares an image that one
    /// row uses, which costs a whole-image decode, not a different pixel.
    private var namedPaths: Set<Int> = []
    private var entries: [Key: Entry] = [:]
    private var keptBytes = 0
    private var decodeCounts: [String: Int] = [:]

    /// - Parameter budgetBytes: the most decoded bytes kept; 0 keeps nothing.
    public init(budgetBytes: Int = 256 << 20) {
        self.budgetBytes = max(0, budgetBytes)
    }

    /// Marks `paths` (as the spec resolves them) as shared by many rows, so
    /// their decodes are kept.
    public func share(_ paths: some Sequence<String>) {
        lock.lock(); defer { lock.unlock() }
        sharedPaths.formUnion(paths)
    }

    /// Notes the images one row names (its photos and image overlays, as
    /// the spec resolves them), before the row is rendered: each one an
    /// earlier row named too becomes shared (`share`), so the rows after
    /// this one decode it once between them. The first row naming an image
    /// decodes it on its own (streamed, for JPEG): a batch of rows that each
    /// have their own photo keeps nothing.
    public func noteRowImages(_ paths: some Sequence<String>) {
        lock.lock(); defer { lock.unlock() }
        for path in Set(paths) where !namedPaths.insert(path.hashValue).inserted {
            sharedPaths.insert(path)
        }
    }

    /// Whether decodes of `path` go through the cache.
    public func isShared(_ path: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return sharedPaths.contains(path)
    }

    /// The test hook: how many times the pipeline called the image decoder
    /// for `path` in this batch (cached or not, streamed or whole). With a
    /// shared logo and N rows it is 1, not N.
    public func decodes(of path: String) -> Int {
        lock.lock(); defer { lock.unlock() }
        return decodeCounts[path, default: 0]
    }

    /// Decoded bytes currently kept.
    public var bytesKept: Int {
        lock.lock(); defer { lock.unlock() }
        return keptBytes
    }

    /// Counts one call of the decoder for `path` (`decodes(of:)`).
    func countDecode(of path: String) {
        lock.lock(); defer { lock.unlock() }
        decodeCounts[path, default: 0] += 1
    }

    /// Whether a decode of `path` with `options` is kept already or, being
    /// `bytes` of pixels (nil: unknown), still fits in the budget: past it,
    /// a JPEG photo is better streamed per row than decoded whole for
    /// nothing. A guess for that choice only (another worker may fill the
    /// room meanwhile); `image(path:options:stored:decode:)` decides.
    func keepsOrFits(path: String, options: DecodeOptions, stored: Bool, bytes: Int?) -> Bool {
        guard let key = Key(path: path, options: options, stored: stored) else { return false }
        lock.lock(); defer { lock.unlock() }
        return entries[key] != nil || keptBytes + (bytes ?? 0) <= budgetBytes
    }

    /// The decode of `path` with `options`, from the cache or made by
    /// `decode` (which the caller counts) and kept when within the budget.
    /// An error is not kept: the next row tries again and reports it itself.
    func image(path: String, options: DecodeOptions, stored: Bool,
               decode: () throws(ImageError) -> Decoded) throws(ImageError) -> Decoded {
        guard let key = Key(path: path, options: options, stored: stored) else { return try decode() }
        lock.lock()
        let entry: Entry
        if let existing = entries[key] {
            entry = existing
        } else {
            entry = Entry()
            entries[key] = entry
        }
        lock.unlock()

        entry.lock.lock()
        defer { entry.lock.unlock() }
        if let image = entry.image { return image }
        var image = try decode()
        let bytes = image.pixmap.pixels.count
        lock.lock()
        let keep = keptBytes + bytes <= budgetBytes
        if keep {
            keptBytes += bytes
        } else {
            entries[key] = nil
        }
        lock.unlock()
        if keep {
            image.opaque = image.pixmap.isOpaque
            entry.image = image
        }
        return image
    }

    /// `path` as it is now (size, modification time) decoded with
    /// `options` (how it is isolated aside), as text: equal for two decodes
    /// that give the same pixels; nil when `path` cannot be `stat`ed.
    func identity(of path: String, options: DecodeOptions) -> String? {
        guard let key = Key(path: path, options: options, stored: true) else { return nil }
        return "\(key.path)\u{0}\(key.size)\u{0}\(key.modified)\u{0}\(key.options)"
    }

    /// One kept decode: the pixels, how they stand upright (`.upright` for
    /// an oriented decode), the decoder's warnings, which every row that
    /// uses the image reports again, and, once kept, whether every alpha is
    /// 255 (checked once instead of by every row; nil until kept).
    struct Decoded: Sendable {
        var pixmap: Pixmap
        var orientation: StoredOrientation
        var warnings: [String]
        var opaque: Bool? = nil
    }

    private struct Key: Hashable {
        var path: String
        var size: Int64
        var modified: Int
        var options: DecodeOptions
        var stored: Bool

        /// The key of `path` as it is now; nil when it cannot be `stat`ed.
        init?(path: String, options: DecodeOptions, stored: Bool) {
            var st = stat()
            guard stat(path, &st) == 0 else { return nil }
            self.path = path
            size = Int64(st.st_size)
            modified = st.st_mtim.tv_sec * 1_000_000_000 + st.st_mtim.tv_nsec
            self.options = options
            self.options.isolation = nil  // how a decode runs is not what it makes
            self.stored = stored
        }
    }

    /// One image: its lock is held while it is decoded.
    private final class Entry: @unchecked Sendable {
        let lock = PlainLock()
        var image: Decoded?
    }
}
