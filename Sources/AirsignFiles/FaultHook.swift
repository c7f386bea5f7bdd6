/// A testing aid: called at every step of every careful write (keystore, responses, stores) with the step's name (such as
/// `atomic.tempWritten` or `transaction.committed`) and the file it concerns. Returning true
/// simulates a crash at that step: the write stops at once, without any cleanup, leaving the
/// files as a killed process would, and throws `FileError.writeInterrupted`.
/// Production code uses `.none`.
public struct FaultHook: Sendable {
    private let crashes: @Sendable (_ step: String, _ path: String) -> Bool

    /// A hook that crashes at the steps for which `crashes` returns true.
    public init(_ crashes: @escaping @Sendable (_ step: String, _ path: String) -> Bool) {
        self.crashes = crashes
    }

    /// Never interrupts.
    public static let none = FaultHook { _, _ in false }

    /// Throws `.writeInterrupted` when the hook asks for a crash at this step.
    public func step(_ step: String, _ path: String) throws(FileError) {
        if crashes(step, path) { throw .writeInterrupted(step: step) }
    }
}

extension FileError {
    /// A simulated crash: the code that sees it must stop without cleaning up.
    public var isSimulatedCrash: Bool {
        if case .writeInterrupted = self { return true }
        return false
    }
}
