import FerryCore
import Foundation
import FuzzSupport

/// The daemon socket's frames: one JSON line from any local process. A frame WireCodec accepts
/// encodes to one line that decodes to the same frame, and JSONSerialization accepts that line as
/// one object; a line the typed decoder accepts re-encodes to one line that reads back to the same
/// message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = input(data, size)
    checkMessage(line)
    guard let frame = try? WireCodec.decode(line) else { return 0 }
    let shown = String(reflecting: String(decoding: line.prefix(160), as: UTF8.self))
    let encoded = WireCodec.encode(frame)
    invariant(encoded.last == UInt8(ascii: "\n") && !encoded.dropLast().contains(UInt8(ascii: "\n")),
              "the frame read from \(shown) encodes to more or less than one line")
    let again = try? WireCodec.decode(encoded.dropLast())
    invariant(again == frame, "the frame read from \(shown) does not read back from its own encoding")
    let object = try? JSONSerialization.jsonObject(with: Data(encoded.dropLast())) as? [String: Any]
    invariant(object != nil, "the frame read from \(shown) encodes to a line Foundation does not read as an object")
    return 0
}

func checkMessage(_ line: [UInt8]) {
    guard let message = try? WireCodec.decodeMessage(line) else { return }
    let shown = String(reflecting: String(decoding: line.prefix(160), as: UTF8.self))
    let encoded = WireCodec.encode(message)
    invariant(encoded.last == UInt8(ascii: "\n") && !encoded.dropLast().contains(UInt8(ascii: "\n")),
              "the message read from \(shown) encodes to more or less than one line")
    let again = try? WireCodec.decodeMessage(encoded.dropLast())
    invariant(again == message, "the message read from \(shown) does not read back from its own encoding")
}

@_cdecl("FuzzWireFrame_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
