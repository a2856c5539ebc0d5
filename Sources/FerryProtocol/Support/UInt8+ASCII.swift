/// ASCII classes of one UTF-8 byte, for the byte-level parsers (URLs, JSON, bundle identifiers).
extension UInt8 {
    package var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    package var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
    package var isASCIIAlphanumeric: Bool { isASCIILetter || isASCIIDigit }
    /// The value of a hex digit (either case), or nil.
    package var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
