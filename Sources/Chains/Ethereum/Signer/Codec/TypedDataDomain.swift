import AirsignEncoding

/// The `EIP712Domain` type of typed data, as eth-account's `encode_typed_data` settles it: it
/// always hashes the domain with the standard fields the domain has, in the standard order
/// (`name`, `version`, `chainId`, `verifyingContract`, `salt`), refuses any other domain field,
/// and requires a declared `EIP712Domain` to name exactly the domain's fields.
public enum TypedDataDomain {
    static let standard: [(name: String, type: String)] = [
        ("name", "string"), ("version", "string"), ("chainId", "uint256"), ("verifyingContract", "address"),
        ("salt", "bytes32"),
    ]

    /// `json` with `types.EIP712Domain` added when it is missing (a declared one is kept and
    /// checked later by the strict reader); refused when the domain has a non-standard field or
    /// when a declared type does not name exactly the domain's fields.
    public static func withDomainType(_ json: JSONValue) throws(EthereumError) -> JSONValue {
        guard case let .object(top) = json, case let .object(types)? = json["types"],
            case let .object(domain)? = json["domain"]
        else {
            throw .invalidTypedData("expected an object with \"types\" and \"domain\" objects")
        }
        let fields = Set(domain.map(\.key))
        for field in fields where !standard.contains(where: { $0.name == field }) {
            let shown =
                field.utf8.count <= 40 && field.utf8.allSatisfy { (0x20...0x7e).contains($0) }
                ? "\"\(field)\"" : "a field"
            throw .invalidTypedData("domain has \(shown) outside name, version, chainId, verifyingContract, salt")
        }
        if let declared = json["types"]?["EIP712Domain"] {
            guard case let .array(members) = declared else {
                throw .invalidTypedData("types.EIP712Domain is not an array")
            }
            let names = members.compactMap { member -> String? in
                if case let .string(name)? = member["name"] { return name } else { return nil }
            }
            guard names.count == members.count, Set(names) == fields else {
                throw .invalidTypedData("types.EIP712Domain does not name exactly the domain's fields")
            }
            return json
        }
        let domainType: JSONValue = .array(
            standard.filter { fields.contains($0.name) }.map {
                .object([(key: "name", value: .string($0.name)), (key: "type", value: .string($0.type))])
            })
        let newTypes: JSONValue = .object([(key: "EIP712Domain", value: domainType)] + types)
        return .object(top.map { $0.key == "types" ? (key: "types", value: newTypes) : $0 })
    }
}
