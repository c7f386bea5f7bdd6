import AirsignKeys
import AirsignMessages

extension FuzzTarget {
    /// A request's note (the requester's words, up to the note limit) held against signed lines
    /// that name amounts: the input's first half is the note, the second the value of a signed
    /// line. Properties: no trap, and every warning quotes a number the note itself wrote.
    static let noteCheck = FuzzTarget(
        name: "note-check", summary: "a request's note read for amounts and held against signed lines, any wording"
    ) { input throws(FuzzViolation) in
        let half = input.count / 2
        let note = Array(input.prefix(half)).fuzzText
        let line = Array(input.dropFirst(half)).fuzzText
        guard
            let account = try? MessageAccount(
                address: "0x3535353535353535353535353535353535353535", publicKey: [UInt8](repeating: 4, count: 65)),
            let request = try? SignRequest(
                id: RequestID("11111111-1111-4111-8111-111111111111"), chain: ChainID(Chain.ethereum),
                network: "eip155:1",
                account: account, payload: .object([(key: "type", value: .string("fuzz"))]), note: note)
        else { return }
        let review = Review(
            request: request, title: "fuzz", lines: [ReviewLine("amount", line)],
            key: KeyRequirement(account, scheme: .secp256k1),
            effects: [], signing: [])
        let digits = Set(note.unicodeScalars.filter { ("0"..."9").contains($0) })
        for warning in NoteCheck.contradictions(review) {
            // A warning names what the note says: it cannot be about a number the note lacks.
            try FuzzViolation.check(!digits.isEmpty, "a note with no digits was said to name an amount: \(warning)")
        }
    }
}
