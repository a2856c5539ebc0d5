// The wire protocol's types (frames, the socket, URL syntax) moved to FerryProtocol; FerryCore's
// users keep seeing them through this re-export, so code that imports FerryCore alone still builds.
@_exported import FerryProtocol
