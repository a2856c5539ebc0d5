import FerryProtection

extension DataProtection {
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
}
