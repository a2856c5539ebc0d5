/// The objects to preserve, found by walking from the roots: each with its path, parents before
/// children. Objects without an identifier are left out with everything under them.
struct RestorationTree {
    struct Node {
        var path: RestorationPath
        var object: any RestorableObject
    }

    private(set) var nodes: [Node] = []
    private var seen: Set<RestorationPath> = []

    /// Walks the tree under `roots`.
    ///
    /// - Throws: ``RestorationError`` `duplicatePath` naming the path two objects share, or
    ///   `invalidIdentifier` naming an empty identifier or one containing `/`.
    init(roots: [any RestorableObject]) throws(RestorationError) {
        for root in roots { try visit(root, under: nil) }
    }

    /// The path of every object in the tree, for encoding references.
    var paths: [ObjectIdentifier: RestorationPath] {
        Dictionary(nodes.map { (ObjectIdentifier($0.object), $0.path) }, uniquingKeysWith: { first, _ in first })
    }

    private mutating func visit(_ object: any RestorableObject, under parent: RestorationPath?) throws(RestorationError) {
        guard let identifier = object.restorationIdentifier else { return }
        guard !identifier.isEmpty, !identifier.contains("/") else {
            let place = parent.map { " under \($0)" } ?? ""
            throw RestorationError(.invalidIdentifier,
                                   "restoration identifier \"\(identifier)\"\(place) is empty or contains \"/\"; use a plain name")
        }
        let path = parent?.appending(identifier) ?? RestorationPath([identifier])
        guard seen.insert(path).inserted else {
            throw RestorationError(.duplicatePath,
                                   "two objects have the restoration path \(path); give siblings different restoration identifiers")
        }
        nodes.append(Node(path: path, object: object))
        for child in object.restorableChildren { try visit(child, under: path) }
    }

    /// The objects of the tree by path, ignoring duplicates and bad identifiers (the first wins):
    /// the "already existing object" step of the lookup.
    static func index(_ roots: [any RestorableObject]) -> [RestorationPath: any RestorableObject] {
        var index: [RestorationPath: any RestorableObject] = [:]
        func visit(_ object: any RestorableObject, _ parent: RestorationPath?) {
            guard let identifier = object.restorationIdentifier, !identifier.isEmpty, !identifier.contains("/") else { return }
            let path = parent?.appending(identifier) ?? RestorationPath([identifier])
            if index[path] == nil { index[path] = object }
            for child in object.restorableChildren { visit(child, path) }
        }
        for root in roots { visit(root, nil) }
        return index
    }
}
