import FerryDiscovery
import FuzzSupport

/// The DNS reader wide-area discovery runs on every answer a DNS server (or anyone who can send it
/// a datagram) returns. A message it accepts is written back without compression, and those bytes
/// read back to the same message; the record-data readers and the TSIG error reader never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = input(data, size)
    guard let message = try? DNSMessage(decoding: bytes) else { return 0 }
    let written = message.bytes
    guard let again = try? DNSMessage(decoding: written) else {
        invariant(false, "a message read from \(bytes.count) bytes is written as bytes that do not read")
        return 0
    }
    invariant(again == message, "a message written and read again is not the same message")
    for record in message.answers + message.authority + message.additional {
        _ = DNSRecordData.readPTR(record.data)
        _ = DNSRecordData.readSRV(record.data)
        _ = DNSRecordData.readTXT(record.data)
        _ = DNSRecordData.readAddress(record.data)
    }
    _ = TSIG.error(in: message)
    return 0
}

@_cdecl("FuzzDNS_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
