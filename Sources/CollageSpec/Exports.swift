// `OutputSpec.format` is a `CollageFormats.OutputFormat`: re-exported so that
// `import CollageSpec` is enough to name it.
@_exported import CollageFormats
