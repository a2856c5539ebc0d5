@testable import FerryProtocol
import Foundation
import FuzzSupport

/// The hand-written JSON scanner under every frame and transfer body, against Foundation's
/// JSONSerialization: what the scanner accepts Foundation accepts, with the same values. (Not the
/// other way: JSONSerialization accepts trailing commas, which RFC 8259 and the scanner refuse.)
/// Every string read comes back the same through JSONWriter.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = input(data, size)
    let scanned = bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        return try? scanner.parseDocument()
    }
    let foundation = try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
    let shown = String(reflecting: String(decoding: bytes.prefix(120), as: UTF8.self))
    guard let scanned else { return 0 }
    guard let foundation else {
        invariant(false, "the scanner accepts \(shown), which Foundation refuses")
        return 0
    }
    invariant(Canonical(scanned) == Canonical(foundation: foundation), "the scanner reads \(shown) unlike Foundation")
    for string in strings(in: scanned).prefix(8) { checkWritten(string) }
    return 0
}

/// A string written by JSONWriter scans back as itself, and Foundation reads it the same.
private func checkWritten(_ string: String) {
    var writer = JSONWriter()
    writer.field("s", string)
    let written = writer.finishObject()
    let back = written.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        return try? scanner.parseDocument()
    }
    invariant(back == .object([("s", .string(string))]), "JSONWriter writes \(String(reflecting: string)) so it scans back differently")
    let foundation = (try? JSONSerialization.jsonObject(with: Data(written))) as? [String: Any]
    invariant(foundation?["s"] as? String == string, "Foundation reads JSONWriter's \(String(reflecting: string)) differently")
}

private func strings(in value: JSONValue) -> [String] {
    switch value {
    case .string(let string): [string]
    case .array(let items): items.flatMap(strings(in:))
    case .object(let members): members.flatMap { [$0.0] + strings(in: $0.1) }
    default: []
    }
}

/// A JSON value in a form both readers can be compared in: numbers as Double, objects by key (the
/// last of duplicate keys, as Foundation keeps).
private indirect enum Canonical: Equatable {
    case string(String), number(Double), bool(Bool), null
    /// Foundation's reading of a number it keeps as a Decimal (beyond Int64, UInt64 and small
    /// doubles): 38 significant digits, converted to Double with an error of its own (1.4e-15 of
    /// the value for a 154-digit integer the fuzzer found), so compared more loosely.
    case decimal(Double)
    case array([Canonical]), object([String: Canonical])

    init(_ value: JSONValue) {
        switch value {
        case .string(let string): self = .string(string)
        case .integer(let number): self = .number(Double(number))
        case .unsigned(let number): self = .number(Double(number))
        case .double(let number): self = .number(number)
        case .bool(let bool): self = .bool(bool)
        case .null: self = .null
        case .array(let items): self = .array(items.map(Canonical.init))
        case .object(let members):
            self = .object(Dictionary(members.map { ($0.0, Canonical($0.1)) }, uniquingKeysWith: { _, last in last }))
        }
    }

    init(foundation value: Any) {
        switch value {
        case let string as String: self = .string(string)
        case is NSNull: self = .null
        case let array as [Any]: self = .array(array.map(Canonical.init(foundation:)))
        case let object as [String: Any]: self = .object(object.mapValues(Canonical.init(foundation:)))
        case let bool as Bool where type(of: value) == Bool.self: self = .bool(bool)
        case let decimal as NSDecimalNumber: self = .decimal(decimal.doubleValue)
        case let number as NSNumber: self = .number(number.doubleValue)
        default: self = .null
        }
    }

    static func == (lhs: Canonical, rhs: Canonical) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b || abs(a - b) <= abs(a) * 1e-15
        case (.number(let a), .decimal(let b)), (.decimal(let b), .number(let a)): a == b || abs(a - b) <= abs(a) * 1e-12
        case (.bool(let a), .bool(let b)): a == b
        // Foundation on Linux may give true and false as the numbers 1 and 0.
        case (.bool(let a), .number(let b)), (.number(let b), .bool(let a)): b == (a ? 1 : 0)
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }
}

@_cdecl("FuzzJSON_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
