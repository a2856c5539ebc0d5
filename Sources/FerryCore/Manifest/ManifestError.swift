/// A manifest that cannot be used, with the file and key path at fault.
///
/// Its description is the one-line diagnostic users see, for example
/// `todo.app/Info.plist: CFBundleURLTypes[0].CFBundleURLSchemes[1]: "to do" is not a valid scheme`.
public struct ManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case unreadable, notAPropertyList, missingKey, wrongType, invalidValue, filteredOut, untrusted
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The file could not be read.
        public static let unreadable = Code(.unreadable)
        /// The bytes are not a property list, or its root is not a dictionary.
        public static let notAPropertyList = Code(.notAPropertyList)
        /// A required key is absent.
        public static let missingKey = Code(.missingKey)
        /// A key holds a value of the wrong type.
        public static let wrongType = Code(.wrongType)
        /// A key holds a value of the right type that is not allowed.
        public static let invalidValue = Code(.invalidValue)
        /// Not an error: a ``ManifestFilter`` showed the file cannot matter, so it was not decoded.
        public static let filteredOut = Code(.filteredOut)
        /// Not read: another user can change the file or a folder above it (``FolderTrust``).
        public static let untrusted = Code(.untrusted)

        public var description: String { base.rawValue }
    }

    /// The kind of problem.
    public var code: Code
    /// The manifest's path as shown to users (relative to its apps folder where possible).
    public var file: String
    /// The key path at fault, such as `CFBundleURLTypes[0].CFBundleURLSchemes[1]`; empty for the file.
    public var keyPath: String
    /// What is wrong, in a few words.
    public var message: String
    /// For an entry dropped from an app that is still used, what was left out, such as "the
    /// scheme is dropped"; nil for a manifest that is skipped.
    public var consequence: String?
    /// For a skipped manifest, the valid schemes its `CFBundleURLTypes` name: they are not
    /// handled, and listings say so.
    public var claimedSchemes: [String] = []

    /// - Parameter message: Control and format characters in it (a manifest's own bytes, quoted)
    ///   are escaped, so the diagnostic stays one line and cannot drive a terminal.
    public init(code: Code, file: String, keyPath: String, message: String) {
        self.code = code
        self.file = file
        self.keyPath = keyPath
        self.message = message.escapingControlCharacters()
    }

    public var description: String {
        let file = file.escapingControlCharacters()  // a file name can hold any byte but "/"
        return "\(file): \(fault)"
    }

    /// The diagnostic without the file: key path, message and consequence.
    public var fault: String {
        let what = keyPath.isEmpty ? message : "\(keyPath): \(message)"
        return consequence.map { "\(what); \($0)" } ?? what
    }
}

/// A problem found inside a property list, before the file it came from is known.
struct ManifestIssue: Error, Sendable, Equatable {
    var code: ManifestError.Code
    var keyPath: String
    var message: String
    var consequence: String?

    /// The same fault, saying what was left out because of it.
    func consequence(_ consequence: String) -> ManifestIssue {
        ManifestIssue(code: code, keyPath: keyPath, message: message, consequence: consequence)
    }

    func located(in file: String) -> ManifestError {
        var error = ManifestError(code: code, file: file, keyPath: keyPath, message: message)
        error.consequence = consequence
        return error
    }
}

extension String {
    /// The string with each control or format character (newline, escape, bidi override...)
    /// written as `\u{XX}`: diagnostics quote a manifest's bytes and must stay one plain line.
    package func escapingControlCharacters() -> String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
