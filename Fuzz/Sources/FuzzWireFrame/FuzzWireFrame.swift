import FerryCore
import Foundation
import FuzzSupport

/// The daemon socket's lines: one JSON line from any local process. A line the codec reads as a
/// message encodes to one line that reads back to the same message, and JSONSerialization reads
/// that line as one object.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = input(data, size)
    guard let message = try? WireCodec.decodeMessage(line) else { return 0 }
    let shown = String(reflecting: String(decoding: line.prefix(160), as: UTF8.self))
    let encoded = WireCodec.encode(message)
    invariant(encoded.last == UInt8(ascii: "\n") && !encoded.dropLast().contains(UInt8(ascii: "\n")),
              "the message read from \(shown) encodes to more or less than one line")
    let again = try? WireCodec.decodeMessage(encoded.dropLast())
    invariant(again == message, "the message read from \(shown) does not read back from its own encoding")
    let object = try? JSONSerialization.jsonObject(with: Data(encoded.dropLast())) as? [String: Any]
    invariant(object != nil, "the message read from \(shown) encodes to a line Foundation does not read as an object")
    return 0
}

@_cdecl("FuzzWireFrame_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
