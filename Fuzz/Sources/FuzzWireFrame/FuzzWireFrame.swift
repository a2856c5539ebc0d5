import FerryCore
import Foundation
import FuzzSupport

/// The daemon socket's frames: one JSON line from any local process, in either protocol version.
/// Version 1: a frame WireCodec accepts encodes to a line that decodes to the same frame, and
/// Codable (which WireFrame also conforms to, and which the hand-written reader replaced) reads the
/// line to the same frame. Version 2: a line the typed decoder accepts re-encodes to one line that
/// reads back to the same message and frame.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = input(data, size)
    checkVersion2(line)
    guard let frame = try? WireCodec.decode(line) else { return 0 }
    let shown = String(reflecting: String(decoding: line.prefix(160), as: UTF8.self))
    let encoded = WireCodec.encode(frame)
    invariant(encoded.last == UInt8(ascii: "\n") && !encoded.dropLast().contains(UInt8(ascii: "\n")),
              "the frame read from \(shown) encodes to more or less than one line")
    let again = try? WireCodec.decode(encoded.dropLast())
    invariant(again == frame, "the frame read from \(shown) does not read back from its own encoding")
    let codable = try? JSONDecoder().decode(WireFrame.self, from: Data(line))
    invariant(codable == frame, "Codable reads \(shown) as \(String(describing: codable)), WireCodec as \(frame)")
    return 0
}

func checkVersion2(_ line: [UInt8]) {
    guard let frame = try? WireCodec.decode(line, version: 2) else { return }
    let shown = String(reflecting: String(decoding: line.prefix(160), as: UTF8.self))
    let encoded = WireCodec.encode(frame, version: 2)
    invariant(encoded.last == UInt8(ascii: "\n") && !encoded.dropLast().contains(UInt8(ascii: "\n")),
              "the version 2 frame read from \(shown) encodes to more or less than one line")
    let again = try? WireCodec.decode(encoded.dropLast(), version: 2)
    invariant(again == frame, "the version 2 frame read from \(shown) does not read back from its own encoding")
}

@_cdecl("FuzzWireFrame_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
