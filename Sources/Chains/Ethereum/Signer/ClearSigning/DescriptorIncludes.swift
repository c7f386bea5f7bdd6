import AirsignEncoding

/// ERC-7730 `includes`: a descriptor names another file to merge under it (a generic ERC
/// interface, a protocol's common formats). The files are merged as the specification says: the
/// including file wins on every key both have, objects merge member by member, and `fields`
/// arrays merge by `path` (a field of the including file overrides the included one's of the
/// same path, parameter by parameter; others are appended). Included files may include others.
public enum DescriptorIncludes {
    /// Most files one descriptor may pull in (itself excluded).
    public static let maxFiles = 8

    /// `document` with its `includes` resolved through `load`, which is given the `includes`
    /// text and the name of the file naming it, and returns the included file's JSON and its
    /// own name (for nested includes). A missing or unreadable include is `load`'s error; a
    /// cycle or more than `maxFiles` includes is refused.
    public static func resolve(
        _ document: JSONValue, name: String,
        load: (_ include: String, _ from: String) throws -> (json: JSONValue, name: String)
    ) throws -> JSONValue {
        var seen: [String] = [name]
        return try resolve(document, name: name, seen: &seen, load: load)
    }

    private static func resolve(
        _ document: JSONValue, name: String, seen: inout [String],
        load: (String, String) throws -> (json: JSONValue, name: String)
    ) throws -> JSONValue {
        guard case .object(let members) = document else {
            throw EthereumError.invalidDescriptor("\(name): a descriptor is a JSON object")
        }
        guard let include = document["includes"] else { return document }
        guard case .string(let target) = include else {
            throw EthereumError.invalidDescriptor("\(name): \"includes\" must be a string")
        }
        let (included, includedName) = try load(target, name)
        guard !seen.contains(includedName) else {
            throw EthereumError.invalidDescriptor(
                "\(name): \"includes\": \(target) is already part of this descriptor (an include cycle)")
        }
        guard seen.count <= maxFiles else {
            throw EthereumError.invalidDescriptor("\(name): more than \(maxFiles) files are included")
        }
        seen.append(includedName)
        let base = try resolve(included, name: includedName, seen: &seen, load: load)
        let own: JSONValue = .object(members.filter { $0.key != "includes" })
        return merge(own, over: base)
    }

    /// `top` merged over `base`.
    static func merge(_ top: JSONValue, over base: JSONValue) -> JSONValue {
        guard case .object(let topMembers) = top, case .object(var merged) = base else { return top }
        for (key, value) in topMembers {
            if let index = merged.firstIndex(where: { $0.key == key }) {
                if key == "fields", case .array(let mine) = value, case .array(let theirs) = merged[index].value {
                    merged[index].value = .array(mergeFields(mine, over: theirs))
                } else {
                    merged[index].value = merge(value, over: merged[index].value)
                }
            } else {
                merged.append((key: key, value: value))
            }
        }
        return .object(merged)
    }

    /// Fields by `path`: the including file's override the same path's, the rest are appended.
    private static func mergeFields(_ top: [JSONValue], over base: [JSONValue]) -> [JSONValue] {
        var out = base
        for field in top {
            if let path = field["path"], let index = out.firstIndex(where: { $0["path"] == path }) {
                out[index] = merge(field, over: out[index])
            } else {
                out.append(field)
            }
        }
        return out
    }
}
