// The pipeline's public vocabulary, re-exported so `import Collage` is enough
// for the CLI and for library users.
@_exported import CollageSpec

import CollageRaster

/// Resampled photo draws kept across renders (`DocumentRenderer.Configuration.resampledDraws`).
public typealias ResampledDrawCache = CollageRaster.ResampledDrawCache
