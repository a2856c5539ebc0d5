@testable import FerryTransfer
import FuzzSupport

/// What the transfer server reads from a request head itself (NIO parses the HTTP): the target
/// split into path and query, and the `Ferry-Files` list. The path is the target up to its first
/// `?`; every query pair came from the target whole; the ids hold no comma and are never empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let uri = String(decoding: input(data, size), as: UTF8.self)
    let shown = String(reflecting: String(uri.prefix(160)))
    let (path, query) = TransferConnection.split(uri)
    invariant(!path.contains("?") && uri.hasPrefix(path), "\(shown) splits to the path \(String(reflecting: path))")
    for (key, value) in query {
        invariant(!key.contains("&") && !key.contains("=") && !value.contains("&") && uri.contains("\(key)=\(value)"),
                  "\(shown) splits to the query pair \(String(reflecting: key))=\(String(reflecting: value))")
    }
    _ = TransferConnection.isPairPath(path)
    let ids = uri.split(separator: ",").map(String.init)
    invariant(ids.allSatisfy { !$0.isEmpty && !$0.contains(",") }, "\(shown) gives an empty or comma id")
    return 0
}

@_cdecl("FuzzRequestHead_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
