/// An ``ApplicationDelegate`` that takes part in state preservation and restoration, with the
/// hooks of UIKit's `UIApplicationDelegate`. Conforming is the opt-in: FerryKit then tells ferryd
/// that the app speaks the state frames; the two `should…` methods still decide each time.
public protocol RestorationDelegate: ApplicationDelegate {
    /// Whether to save state now, as the app moves to the background. Default `false`.
    ///
    /// - Parameter coder: The app-level coder (empty).
    func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool

    /// Whether to restore the saved state, between `willFinishLaunching` and `didFinishLaunching`.
    /// Default `false`.
    ///
    /// - Parameter coder: The app-level coder: the reserved ``RestorationCoder/bundleVersion`` and
    ///   ``RestorationCoder/interfaceIdiom``, the app's ``RestorationCoder/appVersion`` and
    ///   whatever `willEncodeRestorableState` wrote. Return `false` to refuse state from a
    ///   version the app no longer reads.
    func application(_ application: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool

    /// Write app-level state, and the app's version under ``RestorationCoder/appVersionKey``.
    func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder)

    /// Read back app-level state, after every object was decoded.
    func application(_ application: Application, didDecodeRestorableStateWith coder: RestorationCoder)

    /// Restoration is over; runs before `didFinishLaunching`.
    func applicationFinishedRestoringState(_ application: Application)

    /// The roots of the tree of objects to preserve. Default none.
    func restorationRoots(of application: Application) -> [any RestorableObject]

    /// Step two of the lookup: make or find the object at `path` (for objects without a
    /// restoration class). Default nil: go on to an existing object, then a registered factory.
    func application(_ application: Application, restorableObjectAt path: RestorationPath,
                     coder: RestorationCoder) -> (any RestorableObject)?
}

extension RestorationDelegate {
    /// Saves nothing.
    public func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool { false }
    /// Restores nothing.
    public func application(_ application: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool { false }
    /// Writes nothing.
    public func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder) {}
    /// Reads nothing.
    public func application(_ application: Application, didDecodeRestorableStateWith coder: RestorationCoder) {}
    /// Does nothing.
    public func applicationFinishedRestoringState(_ application: Application) {}
    /// No roots.
    public func restorationRoots(of application: Application) -> [any RestorableObject] { [] }
    /// Nil: the lookup goes on.
    public func application(_ application: Application, restorableObjectAt path: RestorationPath,
                            coder: RestorationCoder) -> (any RestorableObject)? { nil }
}
