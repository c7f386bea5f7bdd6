import AirsignCrypto
import AirsignFiles

/// How a PIN check ended, as decided by the code that ran the key derivation.
enum PINVerdict<R> {
    /// The PIN opened the keystore; the counter is reset.
    case right(R)
    /// The PIN is wrong; the counter stays raised.
    case wrong
    /// The PIN is right (the PIN check file opened), but the operation then failed; the counter is reset.
    case rightButFailed(KeystoreError)
}

/// Where the PIN failure count and back-off stand, for a program to tell the user before asking.
public struct PINStatus: Sendable, Equatable {
    /// Wrong PINs in a row.
    public let failures: Int
    /// Seconds the next try will wait before it is checked.
    public let wait: Int
}

/// A back-off wait about to start, for a program to say why it pauses.
public struct PINWait: Sendable, Equatable {
    public let seconds: Int
    /// The wait is the longest because the failure counter file was found missing (deleting it
    /// does not reset the count).
    public let counterLost: Bool

    /// One line for the person at the signer.
    public var message: String {
        counterLost
            ? "The wrong-PIN counter (pin-state.json) was missing, which counts as the most wrong PINs, not as none: "
                + "waiting \(seconds) s before this PIN is checked; a right PIN resets it."
            : "Too many wrong PINs in a row: waiting \(seconds) s before this PIN is checked."
    }
}

extension Keystore {
    private enum AttemptStep<R> {
        case done(R)
        case wait(PINWait)
    }

    /// Runs one PIN try with the back-off: waits (outside the lock) until the persisted state
    /// allows a try, then under the lock runs `prepare` (reading and parsing files: failures
    /// there cost no try), counts the try as wrong and persists that *before* `check` runs the
    /// key derivation, so killing the process mid-check cannot dodge the count, and resets the
    /// count when `check` finds the PIN right.
    func pinAttempt<Prepared, R>(
        prepare: () throws(KeystoreError) -> Prepared,
        check: (Prepared) throws(KeystoreError) -> PINVerdict<R>
    ) throws(KeystoreError) -> R {
        while true {
            let step = try session { () throws(KeystoreError) -> AttemptStep<R> in
                var state = try loadState()
                let now = clock.now()
                let wait = PINBackoff.remainingWait(state, now: now)
                if wait > 0 { return .wait(PINWait(seconds: wait, counterLost: state.counterLost)) }
                let prepared = try prepare()
                state.failures = min(state.failures + 1, PINAttemptState.maximumFailures)
                state.lastAttempt = now
                try saveState(state)
                switch try check(prepared) {
                case let .right(result):
                    try saveState(.clean)
                    return .done(result)
                case .wrong:
                    throw .wrongPIN(failures: state.failures, nextWait: PINBackoff.wait(after: state))
                case let .rightButFailed(error):
                    if !error.isSimulatedCrash { try saveState(.clean) }
                    throw error
                }
            }
            switch step {
            case let .done(result): return result
            case let .wait(wait):
                onWait(wait)
                clock.sleep(seconds: wait.seconds)
            }
        }
    }

    /// The failure count and the wait the next try would have. Needs no PIN.
    public func pinStatus() throws(KeystoreError) -> PINStatus {
        try session { () throws(KeystoreError) -> PINStatus in
            let state = try loadState()
            return PINStatus(failures: state.failures, wait: PINBackoff.remainingWait(state, now: clock.now()))
        }
    }

    /// The counter; only called in a session, so the keystore is initialized and `init` wrote
    /// the file. A missing one is recorded as lost (the longest wait from now) before it is used,
    /// so the wait runs from this moment and is not restarted by every read.
    func loadState() throws(KeystoreError) -> PINAttemptState {
        guard let bytes = try PrivateFiles.readIfPresent(statePath, limit: 4096) else {
            let lost = PINAttemptState.lost(at: clock.now())
            try saveState(lost)
            return lost
        }
        return try PINAttemptState.parse(bytes, path: statePath)
    }

    func saveState(_ state: PINAttemptState) throws(KeystoreError) {
        try AtomicFile.write(state.fileBytes, to: statePath, faults: faults)
    }

    /// Opens the PIN check file: right or wrong PIN.
    func verdict(pinCheck: KeystoreDocument, pin: SecureBytes) throws(KeystoreError) -> Bool {
        do throws(KeystoreDocument.OpenFailure) {
            _ = try pinCheck.open(pin: pin, path: pinCheckPath)
            return true
        } catch {
            switch error {
            case .authentication: return false
            case let .cannotDerive(failure), let .damaged(failure): throw failure
            }
        }
    }

    /// Opens a key file; when it fails to authenticate, the PIN check file tells a wrong PIN
    /// from a damaged key file.
    func open(_ document: KeystoreDocument, at path: String, pinCheck: KeystoreDocument, pin: SecureBytes)
        throws(KeystoreError) -> PINVerdict<SecretPayload>
    {
        do throws(KeystoreDocument.OpenFailure) {
            return .right(try document.open(pin: pin, path: path))
        } catch {
            switch error {
            case .authentication:
                return try verdict(pinCheck: pinCheck, pin: pin)
                    ? .rightButFailed(.keyFileTampered(path: path)) : .wrong
            case let .cannotDerive(failure):
                throw failure
            case let .damaged(failure):
                // The AEAD accepted the key, so the PIN was right.
                return .rightButFailed(failure)
            }
        }
    }
}
