@testable import FerryTransfer
import FuzzSupport

/// What the transfer server reads from a request head itself (NIO parses the HTTP): the target
/// split into path and query, and the `Ferry-Files` list. The path is the target up to its first
/// `?`; every query pair came from the target whole; the ids hold no comma and are never empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let uri = String(decoding: input(data, size), as: UTF8.self)
    let shown = String(reflecting: String(uri.prefix(160)))
    let split = RequestTarget(uri)
    let (path, query) = (split.path, split.query)
    // Bytes, as HTTP reads a target: String's contains and hasPrefix compare Characters, and a
    // `?` joined to a mark is no Character of its own.
    let target = Array(uri.utf8)
    invariant(!path.utf8.contains(UInt8(ascii: "?")) && target.starts(with: path.utf8),
              "\(shown) splits to the path \(String(reflecting: path))")
    // Every pair is one `&`-separated segment of the query, whole.
    let segments = target.firstIndex(of: UInt8(ascii: "?")).map {
        Set(target[($0 + 1)...].split(separator: UInt8(ascii: "&")).map(Array.init))
    } ?? []
    for (key, value) in query {
        let pair = Array("\(key)=\(value)".utf8)
        invariant(!key.utf8.contains(UInt8(ascii: "&")) && !key.utf8.contains(UInt8(ascii: "="))
                  && !value.utf8.contains(UInt8(ascii: "&"))
                  && segments.contains(pair),
                  "\(shown) splits to the query pair \(String(reflecting: key))=\(String(reflecting: value))")
    }
    _ = TransferConnection.isPairPath(path)
    // As TransferConnection+Batch reads `Ferry-Files`: split on comma bytes. Split by Character,
    // a comma joined to a following mark was no separator, yet the id then held a comma byte.
    let ids = uri.utf8.split(separator: UInt8(ascii: ",")).map(Array.init)
    invariant(ids.allSatisfy { !$0.isEmpty && !$0.contains(UInt8(ascii: ",")) }, "\(shown) gives an empty or comma id")
    return 0
}

@_cdecl("FuzzRequestHead_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
