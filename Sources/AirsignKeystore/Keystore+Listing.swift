import AirsignFiles

extension Keystore {
    /// Every key's public metadata, sorted by name. Needs no PIN. A damaged key file stops the
    /// listing with an error naming it.
    public func list() throws(KeystoreError) -> [KeyMetadata] {
        try session { () throws(KeystoreError) -> [KeyMetadata] in
            var out: [KeyMetadata] = []
            for name in try keyNames() { out.append(try readKey(name).metadata) }
            return out
        }
    }

    /// The stored keys' names, sorted, from their file names alone: needs no PIN and reads no
    /// key file, so a damaged one does not stop it (to compare a new name with them).
    public func names() throws(KeystoreError) -> [KeyName] {
        try session { () throws(KeystoreError) -> [KeyName] in try keyNames() }
    }

    /// Whether a key of this name exists (to refuse a taken name before asking for a PIN).
    public func hasKey(_ name: KeyName) throws(KeystoreError) -> Bool {
        try session { () throws(KeystoreError) -> Bool in try SystemCalls.linkInfo(keyPath(name)) != nil }
    }

    /// The current time in the metadata's `created` format, from this keystore's clock.
    public func timestampNow() -> String { Timestamp.utc(clock.now().wallSeconds) }

    /// One key's public metadata. Needs no PIN.
    public func metadata(of name: KeyName) throws(KeystoreError) -> KeyMetadata {
        try session { () throws(KeystoreError) -> KeyMetadata in try readKey(name).metadata }
    }

    /// Removes a key's file. Needs no PIN (anyone at the keyboard could delete the file anyway);
    /// the command line asks for confirmation first.
    public func delete(_ name: KeyName) throws(KeystoreError) {
        try session { () throws(KeystoreError) in
            let path = keyPath(name)
            guard try SystemCalls.linkInfo(path) != nil else { throw .keyNotFound(name: name.value) }
            try SystemCalls.unlinkIfPresent(path)
            try SystemCalls.fsyncDirectory(keysDirectory)
        }
    }
}
