import FerryCore
/// Text for notifications: peer-chosen names are cut and cleaned, and escaped when the server
/// reads markup. Servers without `body-markup` show text as it is; the summary is never markup.
struct NotificationText {
    /// Whether the server parses the body as markup (the `body-markup` capability).
    var markup: Bool

    /// The longest name shown, in characters; longer names end in "…".
    static let nameLimit = 64

    /// A name a peer chose (device, file): control and bidi characters dropped, cut to
    /// `nameLimit`, so it can neither reorder the line nor fill the screen.
    static func name(_ raw: String) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        for scalar in raw.unicodeScalars where !isHidden(scalar) {
            if count == nameLimit {
                out.append("…")
                break
            }
            out.append(scalar)
            count += 1
        }
        let text = String(out).trimmingSpaces
        return text.isEmpty ? "unnamed" : text
    }

    /// `text` ready for the body: escaped as XML when the server reads markup.
    func body(_ text: String) -> String {
        markup ? Self.escaped(text) : text
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Control characters (C0, DEL, C1) and the bidirectional formatting characters.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        PeerText.isHidden(scalar)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }),
              let last = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(scalars[first...last])
    }
}
