/// Text decoders scan UTF-8 bytes for speed but report positions in characters, which is what a
/// person counting along a pasted address sees. Only the error path pays for the conversion.
extension EncodingError {
    /// The `invalidCharacter` error for the character that holds the UTF-8 byte at `utf8Offset`.
    static func invalidCharacter(codec: String, in text: some StringProtocol, utf8Offset: Int) -> EncodingError {
        var consumed = 0
        var position = 0
        for character in text {
            let width = character.utf8.count
            if utf8Offset < consumed + width {
                return .invalidCharacter(codec: codec, character: character, offset: position)
            }
            consumed += width
            position += 1
        }
        // Unreachable for offsets inside the text; still an error rather than a trap.
        return .invalidCharacter(codec: codec, character: "\u{FFFD}", offset: position)
    }
}
