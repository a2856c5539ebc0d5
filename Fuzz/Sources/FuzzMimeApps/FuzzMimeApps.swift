@testable import FerryCore
import Foundation
import FuzzSupport

/// `mimeapps.list` files, read through the same entry point the registry uses (from files). The
/// input is split at its first 0xFF byte into the user's file and a system one. Reading never
/// crashes, and no desktop id is both added and removed for one scheme after the merge.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = input(data, size)
    let cut = bytes.firstIndex(of: 0xFF) ?? bytes.count
    let user = scratch.appendingPathComponent("mimeapps.list"), system = scratch.appendingPathComponent("system-mimeapps.list")
    _ = FileManager.default.createFile(atPath: user.path, contents: Data(bytes[..<cut]))
    _ = FileManager.default.createFile(atPath: system.path, contents: Data(bytes[min(cut + 1, bytes.count)...]))
    let list = MimeAppsList(files: [.init(path: user.path, isUsers: true), .init(path: system.path, isUsers: false)])
    for (scheme, ids) in list.added {
        let both = Set(ids).intersection(list.removed[scheme] ?? [])
        invariant(both.isEmpty, "\(both.sorted()) both added and removed for \(scheme)")
        _ = list.mentioned(for: scheme)
    }
    for scheme in list.defaults.keys { _ = list.mentioned(for: scheme) }
    return 0
}

/// A folder of this process's own for the two files.
private let scratch: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-fuzz-mimeapps-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}()

@_cdecl("FuzzMimeApps_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
