import FerryProtection

extension UnlockHandoff {
    /// `ferryd --unlock`: reads the passphrase to EOF, unlocks the keys of `dataHome` (creating them
    /// the first time) and writes the ``Reply``.
    ///
    /// - Returns: The exit status: 0 when unlocked, 1 otherwise (the reply says why).
    public static func serve(
        dataHome: String, passphrase input: Int32 = passphraseDescriptor, reply output: Int32 = replyDescriptor
    ) -> Int32 {
        let passphrase = readAll(input, limit: passphraseLimit)
        let result: Result<DataProtection.Unlock, ProtectionError>
        if passphrase.isEmpty {
            result = .failure(ProtectionError(.system, "no passphrase reached ferryd --unlock on descriptor \(input) (run it through `ferry unlock`); no key was added"))
        } else {
            result = Result { () throws(ProtectionError) in try DataProtection(dataHome: dataHome).unlock(passphrase: passphrase) }
        }
        writeAll(output, Reply(result).encoded())
        return result.isSuccess ? 0 : 1
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}
