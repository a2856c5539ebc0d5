@testable import FerryLocalSend
@testable import FerryTransfer
import FuzzSupport

/// Every input a LocalSend stranger controls, the first byte picking which: 0 a multicast
/// announcement or register/info body, 1 a prepare-upload body, 2 a request target (query
/// strings of upload, prepare-download and download), 3 a body streamed in two pieces through
/// the file-count scan.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = input(data, size)
    guard let kind = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    switch kind % 4 {
    case 0: info(rest)
    case 1: prepareUpload(rest)
    case 2: target(rest)
    default: objectCount(rest)
    }
    return 0
}

/// A device description read back from its own encoding is the same.
func info(_ body: [UInt8]) {
    guard let info = try? LocalSendJSON.info(body) else { return }
    let again = try? LocalSendJSON.info(LocalSendJSON.encode(info))
    invariant(again == info, "an info does not survive its own encoding: \(info)")
}

/// An accepted prepare-upload holds at most the limit's files, each under its own id, each id
/// short and non-empty; and the streaming count never refuses what the decoder takes.
func prepareUpload(_ body: [UInt8]) {
    var limits = LocalSendLimits()
    limits.maximumFiles = 50
    guard let request = try? LocalSendJSON.prepareUpload(body, limits: limits) else { return }
    invariant(request.files.count <= 50, "\(request.files.count) files accepted over a limit of 50")
    for (key, file) in request.files {
        invariant(key == file.id && !key.isEmpty && key.utf8.count <= 64, "file id \(String(reflecting: key)) accepted")
    }
    var count = JSONObjectCount()
    count.feed(body)
    invariant(count.objects >= request.files.count + 2, "the scan counted \(count.objects) objects for \(request.files.count) files")
}

/// The path is the target up to its query.
func target(_ bytes: [UInt8]) {
    let uri = String(decoding: bytes, as: UTF8.self)
    let split = RequestTarget(uri)
    let (path, query) = (split.path, split.decodedQuery)
    invariant(!path.contains("?"), "\(String(reflecting: uri)) splits to the path \(String(reflecting: path))")
    invariant(query.count <= uri.utf8.count, "more query pairs than bytes")
}

/// Where the body is cut makes no difference to the count.
func objectCount(_ bytes: [UInt8]) {
    guard let cut = bytes.first else { return }
    let body = Array(bytes.dropFirst())
    let at = body.isEmpty ? 0 : Int(cut) % body.count
    var whole = JSONObjectCount(), pieces = JSONObjectCount()
    whole.feed(body)
    pieces.feed(body[..<at])
    pieces.feed(body[at...])
    invariant(whole == pieces, "the count depends on where the body is cut (at \(at))")
    invariant(whole.objects <= body.filter { $0 == UInt8(ascii: "{") }.count, "more objects than braces")
}

@_cdecl("FuzzLocalSend_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
