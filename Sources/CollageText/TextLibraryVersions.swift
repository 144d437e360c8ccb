import CText

/// The versions of the text libraries collage shapes and rasterises with,
/// for `collage --version`.
public enum TextLibraryVersions {
    /// HarfBuzz and FreeType, as loaded at run time (FreeType's from a
    /// library instance created and freed for the query).
    public static func all() -> [(name: String, version: String)] {
        let harfBuzz = String(cString: hb_version_string())
        var freeType = "unknown"
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0, let library {
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(library, &major, &minor, &patch)
            freeType = "\(major).\(minor).\(patch)"
            FT_Done_FreeType(library)
        }
        return [("HarfBuzz", harfBuzz), ("FreeType", freeType)]
    }
}
