// The encoders take a `CollageFormats.OutputFormat`: re-exported so that
// `import CollageCodecs` is enough to name it.
@_exported import CollageFormats
