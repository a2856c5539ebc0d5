import FerryCore
import Foundation
import FuzzSupport

/// Info.plists, XML or binary, through `ManifestLoader.parse`, the entry point `ferry apps` and
/// ferryd use for every file they find. Any bytes give a manifest or one diagnostic naming the file;
/// never a crash, never more memory than the limit scripts/fuzz sets, and an accepted manifest's
/// bundle identifier is valid.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(input(data, size))
    switch ManifestLoader.parse(bytes, displayPath: "fuzz.app/Info.plist") {
    case .success(let manifest):
        invariant(BundleIdentifier.isValid(manifest.bundleIdentifier),
                  "a manifest was accepted with bundle identifier \(String(reflecting: manifest.bundleIdentifier))")
    case .failure(let error):
        invariant(error.file == "fuzz.app/Info.plist", "a diagnostic names \(error.file), not the file read")
    }
    return 0
}

@_cdecl("FuzzManifest_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
