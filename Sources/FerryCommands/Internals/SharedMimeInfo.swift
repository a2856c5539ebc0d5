#if canImport(Glibc)
import Glibc
#endif

/// The shared-mime-info database through GIO (the library gio open and xdg-open's helpers use):
/// the only place Ferry calls GLib. libgio is loaded with dlopen on first use, not linked: linked,
/// it and its ten libraries would be loaded by every `ferry` run (about 3 ms), where only
/// `ferry open PATH` needs it. The three calls are GLib's stable ABI since 2.16.
enum SharedMimeInfo {
    /// `gchar *g_content_type_guess(const gchar *, const guchar *, gsize, gboolean *)`
    typealias Guess = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<Int32>?) -> UnsafeMutablePointer<CChar>?
    /// `gboolean g_content_type_is_a(const gchar *, const gchar *)`
    typealias IsA = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    /// `void g_free(gpointer)`
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

    private struct Calls: @unchecked Sendable {
        let guess: Guess
        let isA: IsA
        let free: Free
    }

    /// Loaded once (a global is initialised once, thread-safely); nil when libgio is missing.
    private static let calls: Calls? = {
        guard let handle = dlopen("libgio-2.0.so.0", RTLD_NOW | RTLD_LOCAL),
              let guess = dlsym(handle, "g_content_type_guess"), let isA = dlsym(handle, "g_content_type_is_a"),
              let free = dlsym(handle, "g_free") else { return nil }
        return Calls(guess: unsafeBitCast(guess, to: Guess.self), isA: unsafeBitCast(isA, to: IsA.self),
                     free: unsafeBitCast(free, to: Free.self))
    }()

    /// Whether libgio could be loaded.
    static var isAvailable: Bool { calls != nil }

    /// The MIME type of a file from its name and its first bytes (`g_content_type_guess`).
    static func guess(fileName: String, head: [UInt8]) -> String? {
        guard let calls else { return nil }
        let found = head.withUnsafeBufferPointer { bytes in
            calls.guess(fileName, bytes.baseAddress, UInt(bytes.count), nil)
        }
        guard let found else { return nil }
        defer { calls.free(found) }
        return String(cString: found).lowercased()
    }

    /// Whether `type` is `supertype` or a subtype of it (`g_content_type_is_a`); without libgio,
    /// only equal types are.
    static func isA(_ type: String, _ supertype: String) -> Bool {
        guard let calls else { return type == supertype }
        return calls.isA(type, supertype) != 0
    }
}
