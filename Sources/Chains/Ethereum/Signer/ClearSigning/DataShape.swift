/// The shape of the data a format describes, from its function's inputs or its message's
/// `encodeType`: what paths into it exist. A descriptor whose paths name members the data does
/// not have is refused when it is installed, not when something is signed.
indirect enum DataShape: Sendable {
    /// Bytes or a string: slices cut them.
    case bytesLike
    case value
    case list(DataShape)
    case record([(name: String, shape: DataShape)])

    init(inputs: [ABIParameter]) {
        self = .record(
            inputs.enumerated().map { index, input in
                (name: input.name.isEmpty ? String(index) : input.name, shape: DataShape(input.type))
            })
    }

    init(_ type: ABIType) {
        switch type {
        case .bytes, .string, .fixedBytes: self = .bytesLike
        case .array(let element), .fixedArray(let element, _): self = .list(DataShape(element))
        case .tuple(let components): self = DataShape(inputs: components)
        default: self = .value
        }
    }

    /// The primary type of an `encodeType` string (`Mail(Person from,…)Person(…)`), its
    /// members resolved through the structs that follow it.
    init(encodeType: String, place: String) throws(EthereumError) {
        var structs: [String: [(type: String, name: String)]] = [:]
        var order: [String] = []
        var rest = Substring(encodeType)
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close else {
                throw .invalidDescriptor(
                    "\(place): \"\(encodeType.prefix(60))\" is not an EIP-712 encodeType (Name(type name,…)…)")
            }
            let name = String(rest[..<open])
            let body = rest[rest.index(after: open)..<close]
            var members: [(type: String, name: String)] = []
            if !body.isEmpty {
                for member in body.split(separator: ",", omittingEmptySubsequences: false) {
                    let parts = member.split(separator: " ")
                    guard parts.count == 2 else {
                        throw .invalidDescriptor("\(place): \"\(member)\" is not \"type name\"")
                    }
                    members.append((type: String(parts[0]), name: String(parts[1])))
                }
            }
            guard !name.isEmpty, structs[name] == nil else {
                throw .invalidDescriptor("\(place): struct \"\(name)\" is empty-named or repeated")
            }
            structs[name] = members
            order.append(name)
            rest = rest[rest.index(after: close)...]
        }
        guard let primary = order.first else { throw .invalidDescriptor("\(place): empty encodeType") }
        self = try DataShape.structure(primary, structs, depth: 0, place: place)
    }

    private static func structure(
        _ name: String, _ structs: [String: [(type: String, name: String)]], depth: Int,
        place: String
    ) throws(EthereumError) -> DataShape {
        guard depth < ABIType.maxDepth, let members = structs[name] else {
            throw .invalidDescriptor("\(place): struct \"\(name)\" is not defined in the key, or nests too deep")
        }
        var out: [(name: String, shape: DataShape)] = []
        for member in members {
            out.append(
                (name: member.name, shape: try memberShape(member.type, structs, depth: depth + 1, place: place)))
        }
        return .record(out)
    }

    private static func memberShape(
        _ type: String, _ structs: [String: [(type: String, name: String)]], depth: Int,
        place: String
    ) throws(EthereumError) -> DataShape {
        if type.hasSuffix("]"), let open = type.lastIndex(of: "[") {
            return .list(try memberShape(String(type[..<open]), structs, depth: depth + 1, place: place))
        }
        if structs[type] != nil { return try structure(type, structs, depth: depth, place: place) }
        if type == "bytes" || type == "string" || type.hasPrefix("bytes") { return .bytesLike }
        return .value
    }

    /// Refuses a data path (root `#` or none) that names a member the data does not have, or
    /// steps into a value that has no parts. Container and descriptor paths are not data.
    func check(_ path: DescriptorPath, place: String) throws(EthereumError) {
        guard path.root == .data else { return }
        var shape = self
        for step in path.steps {
            switch (step, shape) {
            case let (.name(name), .record(members)):
                guard let member = members.first(where: { $0.name == name }) else {
                    throw .invalidDescriptor(
                        "\(place): path \(path) names \"\(name)\", which is not there (\(members.map(\.name).joined(separator: ", ")))"
                    )
                }
                shape = member.shape
            case (.index, .list(let element)), (.all, .list(let element)), (.slice, .list(let element)):
                shape = element
            case (.slice, .bytesLike), (.slice, .value):
                // A slice of a value cuts its ABI word.
                shape = .value
            default:
                throw .invalidDescriptor("\(place): path \(path) steps into a value that has no such part")
            }
        }
    }
}
