/// The user's class keys on one filesystem: unlocking adds them to the kernel, locking removes the
/// ones whose class says so. Ferry never keeps a class key: every unlock brings the passphrase.
public struct DataProtection: Sendable {
    /// What an unlock did.
    public struct Unlock: Sendable, Equatable {
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

    /// Opens the class keys with `passphrase` (creating them on the first unlock) and adds them all.
    ///
    /// - Throws: ``ProtectionError`` `.wrongPassphrase` with no key added.
    public func unlock(passphrase: [UInt8], create: Bool = true) throws(ProtectionError) -> Unlock {
        var created = false
        let keys: [ProtectionClass: [UInt8]]
        if let file = try store.load() {
            keys = try file.open(passphrase: passphrase, path: store.file)
        } else {
            guard create else { throw ProtectionError(.noKeys, "no class keys in \(store.file) yet: run `ferry unlock` to create them") }
            let made = try ClassKeyFile.create(passphrase: passphrase)
            try store.save(made.file)
            (keys, created) = (made.keys, true)
        }
        // The passphrase ends any lock, also one a killed ferryd left for its successor to finish.
        guard keyring.isSupported else {
            LockMarker.clear(store.folder)
            return Unlock(created: created, enforced: false)
        }
        for protection in ProtectionClass.keyed {
            if let raw = keys[protection] { try keyring.add(raw) }
        }
        LockMarker.clear(store.folder)
        return Unlock(created: created, enforced: true)
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
