import FerryTransfer
import FuzzSupport

/// NameSanitizer reduces a sender's file names to names safe inside the Inbox. Whatever comes in, a
/// name it returns is never empty, `.` or `..`, holds no `/`, `\`, NUL or bidi control, fits in
/// 255 bytes, and sanitizing it again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let raw = String(decoding: input(data, size), as: UTF8.self)
    let name = NameSanitizer.name(raw)
    checkSafe(name, from: raw)
    let again = NameSanitizer.name(name)
    invariant(again == name, "sanitizing \(debug(name)) again changes it: \(name.utf8.count) bytes ending \(tail(name)) → \(again.utf8.count) bytes ending \(tail(again))")
    let components = NameSanitizer.components(of: raw)
    invariant(!components.isEmpty && components.count <= 16, "\(components.count) components for \(debug(raw))")
    for component in components { checkSafe(component, from: raw) }
    checkSafe(NameSanitizer.numbered(name, Int(size % 1000) + 2), from: raw)
    return 0
}

/// Scalars that reorder how a name is displayed.
private let bidiControls: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                         0x2066, 0x2067, 0x2068, 0x2069]

private func checkSafe(_ name: String, from raw: String) {
    invariant(!name.isEmpty && name != "." && name != "..", "\(debug(raw)) sanitized to \(debug(name))")
    invariant(name.utf8.count <= NameSanitizer.maximumBytes, "\(debug(raw)) sanitized to \(name.utf8.count) bytes")
    for scalar in name.unicodeScalars {
        let bad = scalar == "/" || scalar == "\\" || scalar == "\0" || bidiControls.contains(scalar.value)
        invariant(!bad, "\(debug(raw)) sanitized to \(debug(name)), which holds U+\(String(scalar.value, radix: 16))")
    }
}

private func debug(_ text: String) -> String {
    String(reflecting: text.count > 80 ? String(text.prefix(80)) + "…" : text)
}

@_cdecl("FuzzNameSanitizer_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}

private func tail(_ text: String) -> String {
    String(reflecting: String(String.UnicodeScalarView(text.unicodeScalars.suffix(12))))
}
