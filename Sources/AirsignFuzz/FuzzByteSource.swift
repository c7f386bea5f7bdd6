/// The fuzzer's bytes read as a stream of choices, for structure-aware targets: a generator
/// asks for a number below some bound and gets the next byte(s) modulo it, and zeros once the
/// input is used up, so every input (even empty) makes a valid structure, and libFuzzer's
/// mutations of the bytes become changes of the structure.
struct FuzzByteSource {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isExhausted: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0 ..< bound` (bound ≥ 1), from one byte, or two when the bound needs it.
    mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let raw = bound > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return raw % bound
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// `count` bytes, taken as they come.
    mutating func take(_ count: Int) -> [UInt8] { (0..<count).map { _ in byte() } }
}

/// One byte-level mutation of an encoding, chosen by the fuzzer's bytes: none, a flipped byte,
/// a truncation, an inserted byte, a removed byte or a duplicated run. Valid encodings and
/// their near misses are what differential and structure-aware fuzzing need most.
enum FuzzMutation {
    static func apply(_ bytes: [UInt8], source: inout FuzzByteSource) -> [UInt8] {
        var out = bytes
        let at = source.below(Swift.max(out.count, 1))
        switch source.below(8) {
        case 0, 1, 2: break
        case 3: if !out.isEmpty { out[at] ^= Swift.max(source.byte(), 1) }
        case 4: out = Array(out.prefix(at))
        case 5: out.insert(source.byte(), at: Swift.min(at, out.count))
        case 6: if !out.isEmpty { out.remove(at: at) }
        default:
            let run = Array(out[Swift.min(at, out.count)...].prefix(1 + source.below(8)))
            out.insert(contentsOf: run, at: Swift.min(at, out.count))
        }
        return out
    }
}
