import FerryProtocol

#if canImport(Glibc)
import Glibc
#endif

/// An app's part in state restoration: the restoration classes and factories it registered, and
/// the saved state ferryd handed it at launch. Reach it as ``Application/restoration``.
public final class ApplicationRestoration {
    /// Recreates the object at a path from nothing: step four of the lookup.
    public typealias Factory = (RestorationPath, RestorationCoder) -> (any RestorableObject)?

    var classes: [String: any RestorationClass.Type] = [:]
    var factories: [String: Factory] = [:]
    /// Reads the saved state a launch came with: the file ferryd passed as `FERRY_STATE_FD`.
    var readArchive: () -> [UInt8]? = ApplicationRestoration.inheritedArchive
    /// The saved state of this launch, until it is restored.
    var pending: (bytes: [UInt8], info: AppEvent.ArchiveInfo)?
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

extension ApplicationRestoration {
    /// The bytes of the descriptor named by `FERRY_STATE_FD` (ferryd's memory file), read once
    /// and closed; nil without one.
    static func inheritedArchive() -> [UInt8]? {
        guard let text = getenv("FERRY_STATE_FD"), let fd = Int32(String(cString: text)), fd >= 0 else { return nil }
        unsetenv("FERRY_STATE_FD")
        defer { close(fd) }
        // One read into memory that is never zeroed: the state is on the launch's critical path.
        return Descriptor.contents(of: fd, limit: AppReply.maximumArchiveSize)
    }
}

@available(*, unavailable)
extension ApplicationRestoration: Sendable {}
