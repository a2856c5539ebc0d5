/// An offer's files from batch uploads, staged under their final, sanitized names in
/// `offers/<offer>` of the staging area: a sent folder of 10,000 small files then moves into the
/// Inbox with one rename instead of 10,000.
struct OfferTree {
    /// Its folders, open, by path inside it ("" is the tree itself).
    var folders: [String: DirectoryHandle]
    /// The paths its files take, checked or still coming.
    var taken: Set<String> = []
    /// The checked files in it: their paths in it, by position in the offer.
    var files: [Int: String] = [:]

    init(root: DirectoryHandle) {
        folders = ["": root]
    }

    /// A place for the file sent as `path`: its folder (made if missing), its name there and its
    /// path in the tree, numbered past the names other files of the offer took. Nil when the
    /// tree cannot hold it (a file where one of its folders should be): it is staged flat instead.
    mutating func place(_ path: String) -> (folder: DirectoryHandle, name: String, path: String)? {
        let components = NameSanitizer.components(of: path)
        var folder = folders[""]!
        var folderPath = ""
        for directory in components.dropLast() {
            let inner = folderPath.isEmpty ? directory : folderPath + "/" + directory
            if let known = folders[inner] {
                folder = known
            } else {
                guard !taken.contains(inner), let made = folder.child(directory, create: true) else { return nil }
                folders[inner] = made
                folder = made
            }
            folderPath = inner
        }
        for n in 1...10_000 {
            let name = n == 1 ? components.last! : NameSanitizer.numbered(components.last!, n)
            let inner = folderPath.isEmpty ? name : folderPath + "/" + name
            if folders[inner] == nil, taken.insert(inner).inserted { return (folder, name, inner) }
        }
        return nil
    }

    /// The tree's checked files grouped by their top-level entry (a folder, or a file by itself),
    /// in the order of the offer.
    func entries() -> [(entry: String, positions: [Int])] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for position in files.keys.sorted() {
            let path = files[position]!
            let entry = String(path.prefix { $0 != "/" })
            if members[entry] == nil { order.append(entry) }
            members[entry, default: []].append(position)
        }
        return order.map { ($0, members[$0]!) }
    }
}
