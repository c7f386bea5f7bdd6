import AirsignCrypto
import Foundation

// Small operations on SecureBytes that derivation and keystore code repeat: slicing, joining and building
// buffers without the secret passing through an ordinary array.

extension SecureBytes {
    /// A protected copy of `range` (which must lie inside the buffer).
    public func slice(_ range: Range<Int>) -> SecureBytes {
        withUnsafeBytes { SecureBytes(copying: UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// The concatenation of `parts`, built directly in protected memory.
    public static func joining(_ parts: [any ContiguousBytes]) -> SecureBytes {
        let total = parts.reduce(0) { sum, part in sum + part.withUnsafeBytes { $0.count } }
        var out = SecureBytes(count: total)
        out.withUnsafeMutableBytes { target in
            var offset = 0
            for part in parts {
                part.withUnsafeBytes { source in
                    UnsafeMutableRawBufferPointer(rebasing: target[offset..<offset + source.count]).copyMemory(
                        from: source)
                    offset += source.count
                }
            }
        }
        return out
    }

    /// `withUnsafeBytes` with a typed error (the `ContiguousBytes` requirement rethrows
    /// `any Error` only).
    func reading<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withUnsafeBytes { buffer in
            do throws(E) { return .success(try body(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// Overwrites an ordinary array that briefly held something derived from a secret (a hash of
/// it, say). Best effort: Swift may have made copies the code cannot reach.
func wipe(_ array: inout [UInt8]) {
    array.withUnsafeMutableBytes { buffer in
        for i in buffer.indices { buffer[i] = 0 }
    }
    array.removeAll()
}
