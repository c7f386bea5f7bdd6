import AirsignCrypto
import AirsignEncoding
import Foundation

typealias Handler = @Sendable (Request) throws -> [String: Any]

/// A request the interop suite got wrong (as opposed to input Airsign refused).
enum TestkitError: Error, CustomStringConvertible {
    case badRequest(String)
    var description: String {
        switch self {
        case .badRequest(let why): return "bad request: \(why)"
        }
    }
}

/// One parsed request line with typed accessors for its arguments.
struct Request {
    let op: String
    let fields: [String: Any]

    init(line: String) throws {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let op = object["op"] as? String
        else { throw TestkitError.badRequest("not a JSON object with an op: \(line.prefix(80))") }
        self.op = op
        self.fields = object
    }

    func string(_ key: String) throws -> String {
        guard let value = fields[key] as? String else { throw TestkitError.badRequest("\(op): missing string \(key)") }
        return value
    }

    func int(_ key: String) throws -> Int {
        guard let value = fields[key] as? Int else { throw TestkitError.badRequest("\(op): missing integer \(key)") }
        return value
    }

    func bool(_ key: String) throws -> Bool {
        guard let value = fields[key] as? Bool else { throw TestkitError.badRequest("\(op): missing bool \(key)") }
        return value
    }

    func any(_ key: String) throws -> Any {
        guard let value = fields[key] else { throw TestkitError.badRequest("\(op): missing \(key)") }
        return value
    }

    /// Hex arguments are written by the test suite, so bad hex is the suite's bug.
    func bytes(_ key: String) throws -> [UInt8] {
        do { return try Hex.decode(try string(key)) } catch {
            throw TestkitError.badRequest("\(op): bad hex in \(key)")
        }
    }

    func secret(_ key: String) throws -> SecureBytes {
        SecureBytes(copying: try bytes(key))
    }
}
