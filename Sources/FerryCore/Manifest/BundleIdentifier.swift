/// Rules for `CFBundleIdentifier` values.
public enum BundleIdentifier {
    /// Whether `identifier` is reverse-DNS: two or more dot-separated labels of ASCII letters,
    /// digits and hyphens, 255 bytes at most.
    public static func isValid(_ identifier: String) -> Bool {
        let utf8 = identifier.utf8
        guard !utf8.isEmpty, utf8.count <= 255 else { return false }
        let labels = utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") }
        }
    }
}
