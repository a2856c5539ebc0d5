/// ASCII classes of one UTF-8 byte, for the byte-level parsers (URLs, JSON, bundle identifiers).
extension UInt8 {
    package var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    package var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
    package var isASCIIAlphanumeric: Bool { isASCIILetter || isASCIIDigit }
}
