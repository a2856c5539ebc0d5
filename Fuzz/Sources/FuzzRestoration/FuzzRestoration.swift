@testable import FerryKit
import FuzzSupport

/// The state archive an app gets back from ferryd: reading any bytes fails cleanly or gives an
/// archive whose bytes read back to the same archive.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let archive = try? RestorationArchive(bytes: input(data, size)) else { return 0 }
    let again = try? RestorationArchive(bytes: archive.bytes())
    invariant(again == archive, "an archive of \(archive.entries.count) entries does not read back from its own bytes")
    return 0
}

@_cdecl("FuzzRestoration_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
