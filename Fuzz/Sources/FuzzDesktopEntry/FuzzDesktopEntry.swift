@testable import FerryCore
import FuzzSupport

/// Desktop entries from any folder on `XDG_DATA_DIRS`, and the `Exec` splitter under them.
/// Parsing never crashes; an entry that can be started has a program; the words of any `Exec` line
/// quoted back (Desktop Entry spec quoting) split to the same words.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: input(data, size), as: UTF8.self)
    if let entry = try? DesktopEntry(parsing: text, id: "fuzz.desktop", path: "/fuzz/fuzz.desktop"), !entry.hidden {
        invariant(entry.exec.template.first.map { !$0.isEmpty } == true, "a startable entry has no program")
    }
    guard let words = try? DesktopExec.split(text) else { return 0 }
    let quoted = words.map(quote).joined(separator: " ")
    let again = try? DesktopExec.split(quoted)
    invariant(again == words, "the Exec words \(words) quoted as \(String(reflecting: quoted)) split to \(String(describing: again))")
    return 0
}

/// `word` in double quotes, escaping what the spec says a backslash escapes there.
private func quote(_ word: String) -> String {
    var out = "\""
    // Scalars, as DesktopExec.split reads them: a quote before a combining mark is still a quote.
    for scalar in word.unicodeScalars {
        if "\"`$\\".unicodeScalars.contains(scalar) { out.append("\\") }
        out.unicodeScalars.append(scalar)
    }
    return out + "\""
}

@_cdecl("FuzzDesktopEntry_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
