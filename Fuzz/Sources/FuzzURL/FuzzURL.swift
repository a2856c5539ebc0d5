import FerryCore
import Foundation
import FuzzSupport

/// The strict RFC 3986 parser every `ferry open` goes through. A URL it accepts is rebuilt exactly
/// from its parts (scheme case aside), the rebuilt string parses to the same parts, and Foundation's
/// URL, which handlers written in Swift use, accepts it too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = input(data, size)
    let text = String(decoding: bytes, as: UTF8.self)
    guard let url = try? FerryURL(text) else { return 0 }
    invariant(Array(text.utf8) == bytes, "a URL that is not valid UTF-8 was accepted: \(String(reflecting: text))")
    let rebuilt = serialized(url)
    invariant(rebuilt.lowercased() == text.lowercased() && rebuilt.utf8.count == text.utf8.count,
              "\(String(reflecting: text)) rebuilds from its parts as \(String(reflecting: rebuilt))")
    guard let again = try? FerryURL(rebuilt) else {
        invariant(false, "\(String(reflecting: text)) rebuilds as \(String(reflecting: rebuilt)), which is refused")
        return 0
    }
    invariant(serialized(again) == rebuilt && again.scheme == url.scheme,
              "\(String(reflecting: rebuilt)) does not parse to the same parts twice")
    _ = url.host
    invariant(URL(string: text) != nil, "Foundation's URL refuses \(String(reflecting: text)), which Ferry accepts")
    return 0
}

/// The URL built back from its parts, scheme lowercased.
private func serialized(_ url: FerryURL) -> String {
    var out = url.scheme + ":"
    if let authority = url.authority { out += "//" + authority }
    out += url.path
    if let query = url.query { out += "?" + query }
    if let fragment = url.fragment { out += "#" + fragment }
    return out
}

@_cdecl("FuzzURL_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
