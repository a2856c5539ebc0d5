import FerryCore

/// An app's part in state restoration: the restoration classes and factories it registered, and
/// the saved state ferryd handed it at launch. Reach it as ``Application/restoration``.
public final class ApplicationRestoration {
    /// Recreates the object at a path from nothing: step four of the lookup.
    public typealias Factory = (RestorationPath, RestorationCoder) -> (any RestorableObject)?

    var classes: [String: any RestorationClass.Type] = [:]
    var factories: [String: Factory] = [:]
    /// `state-data` received for an event not yet seen, by event id.
    var incoming: [Int: [UInt8]] = [:]
    /// The saved state of this launch, until it is restored.
    var pending: (bytes: [UInt8], info: WireFrame.ArchiveInfo)?
    /// What happened to the saved state of this launch; nil while none came.
    public internal(set) var outcome: RestorationOutcome?

    init() {}

    /// Lets objects saved with `type` as their restoration class be recreated by it.
    public func register(_ type: any RestorationClass.Type) {
        classes[type.restorationClassName] = type
    }

    /// Recreates objects whose path is `identifierOrPath` (`Root/Detail`) or ends in that
    /// identifier (`Detail`) with `make`, when no earlier step of the lookup gave one.
    public func registerFactory(for identifierOrPath: String, _ make: @escaping Factory) {
        factories[identifierOrPath] = make
    }
}

/// What became of the saved state a launch came with.
public enum RestorationOutcome: Sendable, Equatable {
    /// Restored: how many objects were found or recreated and decoded.
    case restored(objects: Int)
    /// `shouldRestoreApplicationState` said no.
    case refused
    /// The archive could not be read; the app started without it.
    case failed(RestorationError)
}

@available(*, unavailable)
extension ApplicationRestoration: Sendable {}
