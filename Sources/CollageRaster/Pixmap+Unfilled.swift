extension Pixmap {
    /// A pixmap whose bytes are not set (whatever the allocator returns):
    /// for a canvas every pixel of which is written before it is read
    /// (`BackgroundFill`). Saves writing 4 bytes a pixel once more.
    init(unfilledWidth width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.init(width: width, height: height,
                  pixels: [UInt8](unsafeUninitializedCapacity: width * height * 4) { _, count in count = width * height * 4 })
    }
}
