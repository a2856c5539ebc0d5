/// Names for a file whose name is taken, as Finder and the Inbox number them.
public enum NumberedName {
    /// The `n`th alternative for a taken name, `report.pdf` → `report 2.pdf`, cut to at most
    /// `maximumBytes` bytes of UTF-8: the stem first (down to one character), then the extension
    /// (a name can be all extension: `x.` and 250 bytes more), then the stem's last scalars.
    public static func make(_ name: String, _ n: Int, maximumBytes: Int = 255) -> String {
        let tag = " \(n)"
        var stem = name
        var suffix = ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            stem = String(name[..<dot])
            suffix = String(name[dot...])
        }
        func fits() -> Bool { stem.utf8.count + tag.utf8.count + suffix.utf8.count <= maximumBytes }
        while !fits(), !stem.dropFirst().isEmpty { stem.removeLast() }
        while !fits(), !suffix.isEmpty { suffix.removeLast() }
        // One character may outgrow the limit (a letter under hundreds of combining marks).
        while !fits(), !stem.isEmpty { stem.unicodeScalars.removeLast() }
        return stem + tag + suffix
    }
}
