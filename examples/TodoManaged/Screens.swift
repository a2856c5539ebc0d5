import FerryKit

/// The app's screens, as restorable objects: the root `Lists`, and under it the open list
/// (`Lists/List`) with its selected row. They hold which list is open and what is selected —
/// the user's place — never the tasks themselves, which live in todo.txt.
final class ListsScreen: RestorableObject {
    let restorationIdentifier: String? = "Lists"
    /// The open list, if any.
    var open: ListScreen?

    var restorableChildren: [any RestorableObject] { open.map { [$0] } ?? [] }

    func encodeRestorableState(with coder: RestorationCoder) {
        if let open { coder.encodeReference(open, forKey: "open") }
    }

    func decodeRestorableState(with coder: RestorationCoder) {
        open = coder.decodeReference(forKey: "open") as? ListScreen
    }

    /// One line for Documents/screen.txt.
    var summary: String {
        guard let open else { return "no list open" }
        return "list \(open.name), selection " + (open.selection.map(String.init) ?? "none")
    }
}

/// One open list and its selected row; recreated at restoration by the factory the app
/// registers for `List`.
final class ListScreen: RestorableObject {
    let restorationIdentifier: String? = "List"
    var name: String
    var selection: Int?

    init(name: String) {
        self.name = name
    }

    func encodeRestorableState(with coder: RestorationCoder) {
        coder.encode(name, forKey: "name")
        if let selection { coder.encode(selection, forKey: "selection") }
    }

    func decodeRestorableState(with coder: RestorationCoder) {
        name = coder.decode(String.self, forKey: "name") ?? name
        selection = coder.decode(Int.self, forKey: "selection")
    }
}
