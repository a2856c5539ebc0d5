import CAvahi

/// Conversions between Swift strings and Avahi's TXT string lists and addresses.
enum AvahiStrings {
    /// A new AvahiStringList holding `entries` in order; the caller frees it.
    static func list(_ entries: [String]) -> UnsafeMutablePointer<AvahiStringList>? {
        var list: UnsafeMutablePointer<AvahiStringList>?
        // avahi_string_list_add prepends, so add from the end.
        for entry in entries.reversed() {
            list = entry.withCString { avahi_string_list_add(list, $0) }
        }
        return list
    }

    /// The entries of an AvahiStringList, as UTF-8 (invalid bytes repaired).
    static func entries(_ list: UnsafeMutablePointer<AvahiStringList>?) -> [String] {
        var entries: [String] = []
        var node = list
        while let current = node {
            let size = avahi_string_list_get_size(current)
            if let text = avahi_string_list_get_text(current) {
                entries.append(String(decoding: UnsafeBufferPointer(start: text, count: size), as: UTF8.self))
            }
            node = avahi_string_list_get_next(current)
        }
        return entries
    }

    static func address(_ address: UnsafePointer<AvahiAddress>?) -> String {
        guard let address else { return "" }
        var buffer = [CChar](repeating: 0, count: 64)
        return buffer.withUnsafeMutableBufferPointer { pointer in
            guard let text = avahi_address_snprint(pointer.baseAddress, pointer.count, address) else { return "" }
            return String(cString: text)
        }
    }

    static func error(_ code: Int32) -> String {
        String(cString: avahi_strerror(code))
    }

    static func alternativeName(_ name: String) -> String {
        guard let alternative = avahi_alternative_service_name(name) else { return name + " #2" }
        defer { avahi_free(alternative) }
        return String(cString: alternative)
    }
}
