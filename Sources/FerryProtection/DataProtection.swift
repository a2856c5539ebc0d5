/// The user's class keys on one filesystem: unlocking adds them to the kernel, locking removes the
/// ones whose class says so. Ferry never keeps a class key: every unlock brings the passphrase.
/// Unlocking opens the sealed key file, so it is in FerryProtectionKeys (`unlock(passphrase:create:)`).
public struct DataProtection: Sendable {
    /// What an unlock did.
    public struct Unlock: Sendable, Equatable, Codable {
        /// The key file was created by this unlock (the first one).
        public var created: Bool
        /// The keys are in the kernel (false where the filesystem has no fscrypt).
        public var enforced: Bool

        public init(created: Bool, enforced: Bool) {
            (self.created, self.enforced) = (created, enforced)
        }
    }

    public var store: ClassKeyStore
    public var keyring: FilesystemKeyring

    /// - Parameters:
    ///   - dataHome: Ferry's data home; the keys folder lives there and its filesystem holds the keys.
    public init(dataHome: String) {
        store = ClassKeyStore(dataHome: dataHome)
        keyring = FilesystemKeyring(path: dataHome)
    }

    public init(store: ClassKeyStore, keyring: FilesystemKeyring) {
        self.store = store
        self.keyring = keyring
    }

    /// Removes the keys of `classes` (by default those whose class goes at lock). Files open now keep
    /// working through their handles; nothing new opens.
    @discardableResult
    public func lock(_ classes: [ProtectionClass] = ProtectionClass.keyed.filter(\.isRemovedAtLock)) throws(ProtectionError) -> [ProtectionClass: FilesystemKeyring.Status] {
        guard let file = try store.load() else { return [:] }
        guard keyring.isSupported else { return Dictionary(uniqueKeysWithValues: classes.map { ($0, .unenforced) }) }
        var result: [ProtectionClass: FilesystemKeyring.Status] = [:]
        for protection in classes {
            guard let identifier = file.identifiers[protection] else { continue }
            result[protection] = try keyring.remove(identifier)
        }
        return result
    }

    /// Every class key's status in the kernel; empty before the first unlock.
    public func keyStates() throws(ProtectionError) -> [ProtectionClass: FilesystemKeyring.Status] {
        guard let file = try store.load() else { return [:] }
        var result: [ProtectionClass: FilesystemKeyring.Status] = [:]
        for (protection, identifier) in file.identifiers { result[protection] = try keyring.status(identifier) }
        return result
    }

    /// This user's class key identifiers; empty before the first unlock.
    public func identifiers() throws(ProtectionError) -> [ProtectionClass: KeyIdentifier] {
        try store.load()?.identifiers ?? [:]
    }
}
