import FerryProtocol

/// Picks the app a received file goes to. The choice itself needs the registry and is ferryd's
/// (`TargetAppChooser+Registry` in FerryDaemon); the receiver only groups files by what the
/// choice looks at.
public enum TargetAppChooser {
    /// What the choice looks at in a file: files with equal keys go to the same app, so an offer of
    /// 10,000 files asks for a target once per kind of file.
    public static func key(for file: OfferedFile) -> String {
        (file.uti ?? "") + "\u{0}" + FileTypes.fileExtension(file.path) + "\u{0}" + (file.mime?.lowercased() ?? "")
    }
}
