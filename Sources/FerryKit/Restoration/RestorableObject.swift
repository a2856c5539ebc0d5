/// An object whose state survives the app being terminated: the counterpart of a UIKit view
/// controller with a `restorationIdentifier`.
///
/// Only objects with an identifier are preserved; an object without one leaves out its whole
/// subtree. Objects encode references and selection (which list is open, which row is selected),
/// not the user's data, which belongs in files.
public protocol RestorableObject: AnyObject {
    /// The object's identifier among its siblings; nil leaves it and its children out. It must not
    /// be empty or contain `/`.
    var restorationIdentifier: String? { get }

    /// The type that recreates this object at restoration, if any. When it is set, its answer is
    /// final: nil from it means the object is not restored.
    var restorationClass: (any RestorationClass.Type)? { get }

    /// The objects under this one in the tree.
    var restorableChildren: [any RestorableObject] { get }

    /// Writes this object's state into its own coder.
    func encodeRestorableState(with coder: RestorationCoder)

    /// Reads back what ``encodeRestorableState(with:)`` wrote; runs after every object of the
    /// archive was found or recreated, so references to other objects resolve.
    func decodeRestorableState(with coder: RestorationCoder)
}

extension RestorableObject {
    /// None: the app delegate, an existing object or a registered factory provides it.
    public var restorationClass: (any RestorationClass.Type)? { nil }
    /// None.
    public var restorableChildren: [any RestorableObject] { [] }
    /// Writes nothing.
    public func encodeRestorableState(with coder: RestorationCoder) {}
    /// Reads nothing.
    public func decodeRestorableState(with coder: RestorationCoder) {}
}

/// A type that recreates objects at restoration, like UIKit's `UIViewControllerRestoration`.
///
/// Register it with ``ApplicationRestoration/register(_:)`` so that the name stored in the
/// archive finds it again.
public protocol RestorationClass {
    /// The name stored in the archive; the type's full name by default. Keep it stable.
    static var restorationClassName: String { get }

    /// Makes the object at `path`, or nil to leave it out (the search stops there).
    ///
    /// - Parameters:
    ///   - path: The object's restoration path.
    ///   - coder: The object's own coder, as it encoded it.
    static func object(at path: RestorationPath, coder: RestorationCoder) -> (any RestorableObject)?
}

extension RestorationClass {
    public static var restorationClassName: String { String(reflecting: Self.self) }
}
