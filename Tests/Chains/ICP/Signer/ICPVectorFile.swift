import AirsignEncoding
import AirsignTestSupport
import Foundation

/// vectors/icp.json read loosely: nested objects of strings and numbers.
enum ICPVectorFile {
    static var object: [String: Any] {
        let url = Vectors.directory.appendingPathComponent("icp.json")
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            preconditionFailure("vectors/icp.json is unreadable")
        }
        return object
    }

    static func cases(_ name: String) -> [[String: Any]] {
        guard let list = object[name] as? [[String: Any]] else { preconditionFailure("no vector list \(name)") }
        return list
    }

    static func section(_ name: String) -> [String: Any] {
        guard let section = object[name] as? [String: Any] else { preconditionFailure("no vector section \(name)") }
        return section
    }

    static func string(_ v: [String: Any], _ key: String) -> String {
        guard let s = v[key] as? String else { preconditionFailure("vector field \(key) missing") }
        return s
    }

    /// A request-id vector's content as CBOR: `<name>_hex` members are blobs (and arrays of
    /// arrays of blobs for paths), numbers are unsigned, objects are maps, strings are text.
    static func cbor(_ content: [String: Any]) -> CBORValue {
        var entries: [(key: CBORValue, value: CBORValue)] = []
        for (key, value) in content {
            if key.hasSuffix("_hex") {
                let name = String(key.dropLast(4))
                if let hex = value as? String {
                    entries.append((.text(name), .bytes(testBytes(hex))))
                } else if let paths = value as? [[String]] {
                    entries.append((.text(name), .array(paths.map { .array($0.map { .bytes(testBytes($0)) }) })))
                } else {
                    preconditionFailure("unreadable \(key)")
                }
            } else if let text = value as? String {
                entries.append((.text(key), .text(text)))
            } else if let map = value as? [String: Any] {
                entries.append((.text(key), cbor(map)))
            } else if let number = value as? NSNumber {
                entries.append((.text(key), .unsigned(number.uint64Value)))
            } else {
                preconditionFailure("unreadable \(key)")
            }
        }
        return .map(entries)
    }
}
