/// What can go wrong reading and writing Airsign's own files, in words meant for the user. No
/// case carries file contents.
public enum FileError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A system call failed; `operation` says what was being done ("creating", "renaming …").
    case system(path: String, operation: String, errno: Int32)
    /// A file larger than the reader accepts.
    case tooLarge(path: String, limit: Int)
    /// A simulated crash from a `FaultHook` (tests only): the write stopped at `step`.
    case writeInterrupted(step: String)

    public var description: String {
        switch self {
        case let .system(path, operation, code):
            return "\(operation) \(path) failed: \(systemErrorText(code))"
        case let .tooLarge(path, limit):
            return "\(path) is larger than \(limit) bytes"
        case let .writeInterrupted(step):
            return "write interrupted at step \(step) (simulated crash)"
        }
    }
}
