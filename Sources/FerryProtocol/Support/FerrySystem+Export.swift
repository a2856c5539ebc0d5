// The file, descriptor and timer helpers moved to FerrySystem (issue 27); FerryProtocol's and
// FerryCore's users keep seeing them through this re-export, so their imports stay as they were.
@_exported import FerrySystem
