/// UR text in a file: what a wallet's QR codes say, as a person or a tool saved it. One UR a
/// line (a single-part UR, or the parts of a multi-part one in any order), blank lines and
/// surrounding spaces ignored, either case.
public enum URText {
    /// The assembled message of a file whose every line is a UR, its UR type and how many
    /// lines it took; nil when the first line is not a UR (the file is something else). A file
    /// that starts as UR text but does not assemble into one message is refused.
    public static func assemble(_ bytes: [UInt8], limits: FountainLimits = .default) throws(TransportError) -> (message: [UInt8], type: String?, parts: Int)? {
        let lines = bytes.split(whereSeparator: { $0 == 0x0a || $0 == 0x0d }).map { line in
            Array(line.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed())
        }.filter { !$0.isEmpty }
        guard let first = lines.first, MessageAssembler.isUR(first) else { return nil }
        var assembler = MessageAssembler(limits: limits)
        var parts = 0
        for (index, line) in lines.enumerated() {
            guard MessageAssembler.isUR(line) else { throw .invalidUR("line \(index + 1) of the UR text (blank lines aside) is not a UR") }
            if try assembler.receive(line) == .accepted { parts += 1 }
        }
        guard let message = assembler.message else {
            throw .invalidUR("the \(parts) UR parts in the file do not complete the message\(assembler.progress.map { " (\($0))" } ?? "")")
        }
        return (message, assembler.urType, parts)
    }
}
