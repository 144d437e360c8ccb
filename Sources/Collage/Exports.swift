@_exported import CollageSpec
