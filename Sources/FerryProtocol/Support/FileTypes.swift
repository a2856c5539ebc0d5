/// The UTI and MIME type for common file extensions, for offers (the receiver picks the app by
/// them) and for `ferry open PATH` (which has no other source of UTIs on Linux). Unknown
/// extensions get `public.data` and `application/octet-stream`.
public enum FileTypes {
    static let table: [String: (String, String)] = [
        "txt": ("public.plain-text", "text/plain"), "md": ("net.daringfireball.markdown", "text/markdown"),
        "html": ("public.html", "text/html"), "json": ("public.json", "application/json"),
        "csv": ("public.comma-separated-values-text", "text/csv"), "xml": ("public.xml", "application/xml"),
        "pdf": ("com.adobe.pdf", "application/pdf"), "jpg": ("public.jpeg", "image/jpeg"),
        "jpeg": ("public.jpeg", "image/jpeg"), "png": ("public.png", "image/png"), "gif": ("com.compuserve.gif", "image/gif"),
        "heic": ("public.heic", "image/heic"), "svg": ("public.svg-image", "image/svg+xml"),
        "mp3": ("public.mp3", "audio/mpeg"), "mp4": ("public.mpeg-4", "video/mp4"), "mov": ("com.apple.quicktime-movie", "video/quicktime"),
        "zip": ("public.zip-archive", "application/zip"), "gz": ("org.gnu.gnu-zip-archive", "application/gzip"),
        "tar": ("public.tar-archive", "application/x-tar"), "ics": ("public.calendar-event", "text/calendar"),
        "vcf": ("public.vcard", "text/vcard"), "todo": ("com.acme.todo", "application/x-todo"),
    ]

    /// The UTI and MIME type for a file name, by its extension.
    public static func types(for name: String) -> (uti: String, mime: String) {
        table[fileExtension(name)] ?? ("public.data", "application/octet-stream")
    }

    /// The UTI for a file name's extension, if the table knows it.
    public static func uti(for name: String) -> String? { table[fileExtension(name)]?.0 }

    /// The lowercased text after the last dot of the last path component, or "" (read over UTF-8:
    /// an offer of 10,000 files asks 10,000 times).
    public static func fileExtension(_ path: String) -> String {
        let utf8 = path.utf8
        let name = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8[utf8.index(after: $0)...] } ?? utf8[...]
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return "" }
        return String(Substring(name[utf8.index(after: dot)...])).lowercased()
    }
}
