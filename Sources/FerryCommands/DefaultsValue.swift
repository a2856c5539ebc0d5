import FerryCore

/// The value of `ferry defaults write`, from its words: a type flag as macOS's `defaults` takes
/// it, then the value (several for `-array` and `-dict`).
enum DefaultsValue: Equatable {
    /// Replaces the key's value.
    case set(PropertyListValue)
    /// Appends to the key's array (made when missing).
    case arrayAdd([PropertyListValue])
    /// Adds entries to the key's dictionary (made when missing).
    case dictAdd([String: PropertyListValue])

    /// Reads the words after the key.
    /// - Throws: ``CommandFailure`` (usage) naming the word at fault.
    static func parse(_ words: [String], key: String) throws -> DefaultsValue {
        guard let first = words.first else { throw usage("ferry defaults write needs a value for \(key)") }
        guard first.hasPrefix("-"), first.count > 1, Double(first) == nil else {
            guard words.count == 1 else { throw usage("a value without a type is one string; quote \"\(words.joined(separator: " "))\" or use -array") }
            return .set(.string(first))
        }
        let rest = Array(words.dropFirst())
        switch first {
        case "-array": return .set(.array(rest.map(PropertyListValue.string)))
        case "-array-add": return .arrayAdd(rest.map(PropertyListValue.string))
        case "-dict": return .set(.dictionary(try pairs(rest, flag: first)))
        case "-dict-add": return .dictAdd(try pairs(rest, flag: first))
        default:
            guard rest.count == 1 else { throw usage("\(first) takes one value, not \(rest.count)") }
            return .set(try scalar(first, rest[0]))
        }
    }

    /// The key's new value, given its old one.
    func applied(to old: PropertyListValue?) -> PropertyListValue {
        switch (self, old) {
        case (.set(let value), _): value
        case (.arrayAdd(let added), .array(let elements)?): .array(elements + added)
        case (.arrayAdd(let added), _): .array(added)
        case (.dictAdd(let added), .dictionary(let entries)?): .dictionary(entries.merging(added) { $1 })
        case (.dictAdd(let added), _): .dictionary(added)
        }
    }

    private static func scalar(_ flag: String, _ text: String) throws -> PropertyListValue {
        switch flag {
        case "-string": return .string(text)
        case "-int", "-integer":
            guard let number = Int(text) else { throw usage("-int needs an integer, not \"\(text)\"") }
            return .integer(number)
        case "-float":
            guard let number = Double(text), number.isFinite else { throw usage("-float needs a number, not \"\(text)\"") }
            return .real(number)
        case "-bool", "-boolean":
            switch text.lowercased() {
            case "yes", "true", "1": return .boolean(true)
            case "no", "false", "0": return .boolean(false)
            default: throw usage("-bool needs YES, NO, true, false, 1 or 0, not \"\(text)\"")
            }
        default:
            throw usage("unknown type \(flag); use -string, -int, -float, -bool, -array, -array-add, -dict or -dict-add")
        }
    }

    private static func pairs(_ words: [String], flag: String) throws -> [String: PropertyListValue] {
        guard words.count % 2 == 0 else { throw usage("\(flag) takes keys and values in pairs; \"\(words.last ?? "")\" has no value") }
        var entries: [String: PropertyListValue] = [:]
        for index in stride(from: 0, to: words.count, by: 2) { entries[words[index]] = .string(words[index + 1]) }
        return entries
    }

    private static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exit: FerryExit.usage)
    }
}
