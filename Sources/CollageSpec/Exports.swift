// `OutputSpec.format` is a `CollageCodecs.OutputFormat` (the savers'
// registry): re-exported so that `import CollageSpec` is enough to name it.
@_exported import CollageCodecs
