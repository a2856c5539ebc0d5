import FerryCore

/// Picks the app a received file goes to: the one the sender named if it is installed, else the
/// best `CFBundleDocumentTypes` match, else the built-in Files app.
public enum TargetAppChooser {
    /// The built-in Files app, whose Inbox holds what no app claims.
    public static let filesApp = "org.ferry.system.files"

    /// The chosen app's bundle id and whether it was matched (false for the Files fallback).
    ///
    /// A document type matches by UTI (strongest), then extension, then MIME type; among matches
    /// the highest `LSHandlerRank` wins, then the strongest kind of match, then the bundle id in
    /// alphabetical order. Rank `None` never matches.
    public static func choose(for file: OfferedFile, preferred: String?, apps: [InstalledApp]) -> (app: String, matched: Bool) {
        if let preferred, preferred != filesApp, apps.contains(where: { $0.bundleIdentifier == preferred }) {
            return (preferred, true)
        }
        var best: (rank: Manifest.HandlerRank, strength: Int, app: String)?
        for app in apps where app.bundleIdentifier != filesApp {
            for type in app.manifest.documentTypes where type.rank != .none {
                let strength = self.strength(type, file)
                guard strength > 0 else { continue }
                let candidate = (type.rank, strength, app.bundleIdentifier)
                if let current = best, !isBetter(candidate, than: current) { continue }
                best = candidate
            }
        }
        return best.map { ($0.app, true) } ?? (filesApp, false)
    }

    /// What ``choose(for:preferred:apps:)`` looks at in a file: files with equal keys go to the same
    /// app, so an offer of 10,000 files asks for a target once per kind of file.
    public static func key(for file: OfferedFile) -> String {
        (file.uti ?? "") + "\u{0}" + FileTypes.fileExtension(file.path) + "\u{0}" + (file.mime?.lowercased() ?? "")
    }

    /// The lowercased extension of the file's last path component, if it has one.
    static func fileExtension(of file: OfferedFile) -> String? {
        let found = FileTypes.fileExtension(file.path)
        return found.isEmpty ? nil : found
    }

    static func strength(_ type: Manifest.DocumentType, _ file: OfferedFile) -> Int {
        if let uti = file.uti, type.contentTypes.contains(uti) { return 3 }
        if let ext = fileExtension(of: file), type.extensions.contains(ext) { return 2 }
        if let mime = file.mime?.lowercased(), type.mimeTypes.contains(mime) { return 1 }
        return 0
    }

    static func isBetter(_ a: (rank: Manifest.HandlerRank, strength: Int, app: String),
                         than b: (rank: Manifest.HandlerRank, strength: Int, app: String)) -> Bool {
        if a.rank != b.rank { return a.rank > b.rank }
        if a.strength != b.strength { return a.strength > b.strength }
        return a.app < b.app
    }
}
