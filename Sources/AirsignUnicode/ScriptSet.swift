/// A set of Unicode scripts (the indices of UnicodeScriptData.scriptNames, then UTS #39's three
/// writing systems that combine scripts), as bits.
package struct ScriptSet: Equatable, Sendable {
    /// Scripts in the data, and room for the three combined ones after them.
    package static let capacity = 192
    private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)

    /// Every script: what a Common or Inherited character is compatible with.
    package static let all: ScriptSet = {
        var set = ScriptSet()
        set.words = (~0, ~0, ~0)
        return set
    }()

    package init() {}

    package init(_ indices: some Sequence<Int>) {
        for index in indices { insert(index) }
    }

    package var isEmpty: Bool { words == (0, 0, 0) }

    package func contains(_ index: Int) -> Bool {
        guard (0..<Self.capacity).contains(index) else { return false }
        return word(index / 64) & (1 << UInt64(index % 64)) != 0
    }

    package mutating func insert(_ index: Int) {
        guard (0..<Self.capacity).contains(index) else { preconditionFailure("script index \(index) out of range") }
        let bit: UInt64 = 1 << UInt64(index % 64)
        switch index / 64 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        default: words.2 |= bit
        }
    }

    package func intersection(_ other: ScriptSet) -> ScriptSet {
        var set = ScriptSet()
        set.words = (words.0 & other.words.0, words.1 & other.words.1, words.2 & other.words.2)
        return set
    }

    package static func == (a: ScriptSet, b: ScriptSet) -> Bool { a.words == b.words }

    private func word(_ n: Int) -> UInt64 {
        switch n {
        case 0: return words.0
        case 1: return words.1
        default: return words.2
        }
    }
}
