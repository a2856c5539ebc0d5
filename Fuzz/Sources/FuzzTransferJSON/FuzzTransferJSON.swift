@testable import FerryTransfer
import FerryCore
import Foundation
import FuzzSupport

/// The transfer protocol's bodies, which a stranger's device posts (offers) or a receiver answers
/// (answers, receipts, errors). The first byte picks the type, the rest is the body. A body the
/// hand-written reader accepts writes back to a body read as the same value, and Codable reads the
/// original body as the same value too; an offer's total size is computed as the server does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = input(data, size)
    guard let selector = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    switch selector % 6 {
    case 0:
        if let offer = check(TransferOffer.self, body) { _ = offer.totalSize }
    case 1: check(OfferAnswer.self, body)
    case 2: check(OfferReceipt.self, body)
    case 3: check(UploadReceipt.self, body)
    case 4: check(BatchReceipt.self, body)
    default: check(ErrorBody.self, body)
    }
    return 0
}

@discardableResult
private func check<Body: TransferJSON & Equatable>(_ type: Body.Type, _ body: [UInt8]) -> Body? {
    guard let value = try? Body(json: body) else { return nil }
    let shown = String(reflecting: String(decoding: body.prefix(160), as: UTF8.self))
    let again = try? Body(json: value.json())
    invariant(again == value, "\(Body.self) read from \(shown) does not read back from its own JSON")
    let codable = try? JSONDecoder().decode(Body.self, from: Data(body))
    invariant(codable == value, "Codable reads \(Body.self) \(shown) as \(String(describing: codable)), the reader as \(value)")
    return value
}

@_cdecl("FuzzTransferJSON_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
