/// An ERC-7730 path: a root and dot-separated steps (`#.params.path.[0:20]`, `@.to`,
/// `$.metadata.enums.mode`, `details.[]`, `pools.[-1]`). A path without a root is relative to
/// the structure being described (the enclosing group's path, or the call's arguments).
public struct DescriptorPath: Hashable, Sendable, CustomStringConvertible {
    public enum Root: Hashable, Sendable {
        /// `#.` or none: the structured data (calldata arguments, the EIP-712 message).
        case data
        /// `@.`: the container (the transaction's from, to, value; the message's signer and
        /// verifying contract).
        case container
        /// `$.`: the descriptor itself.
        case descriptor
    }

    public enum Step: Hashable, Sendable {
        case name(String)
        /// `[i]`; negative counts from the end.
        case index(Int)
        /// `[a:b]`, either end optional, end exclusive; on bytes it cuts bytes, on an array
        /// it selects elements.
        case slice(Int?, Int?)
        /// `[]`: every element.
        case all
    }

    public let root: Root
    /// Whether the text named its root (`#.x` rather than `x`): an absolute data path does not
    /// join the enclosing group's path.
    public let absolute: Bool
    public let steps: [Step]

    /// Longest path text read.
    static let maxLength = 512

    public init(_ text: String) throws(EthereumError) {
        guard !text.isEmpty, text.utf8.count <= Self.maxLength else {
            throw .invalidDescriptor("path \"\(text.prefix(40))\" is empty or too long")
        }
        var parts = Self.split(text)
        switch parts.first {
        case "#": root = .data; absolute = true; parts.removeFirst()
        case "@": root = .container; absolute = true; parts.removeFirst()
        case "$": root = .descriptor; absolute = true; parts.removeFirst()
        default: root = .data; absolute = false
        }
        var steps: [Step] = []
        for part in parts {
            steps.append(try Self.step(part, in: text))
        }
        guard !steps.isEmpty || root == .data else { throw .invalidDescriptor("path \"\(text)\" names only a root") }
        self.steps = steps
    }

    private init(root: Root, absolute: Bool, steps: [Step]) {
        self.root = root
        self.absolute = absolute
        self.steps = steps
    }

    /// This path under `parent` (a group's path): relative data paths join it, absolute ones
    /// and other roots stand alone.
    public func under(_ parent: DescriptorPath?) -> DescriptorPath {
        guard let parent, root == .data, !absolute else { return self }
        return DescriptorPath(root: parent.root, absolute: parent.absolute, steps: parent.steps + steps)
    }

    /// The path up to and including its first `[]` (`items.[]` of `items.[].amount`), if it
    /// has one: a group under it is shown element by element.
    var throughFirstAll: DescriptorPath? {
        guard let position = steps.firstIndex(of: .all) else { return nil }
        return DescriptorPath(root: root, absolute: absolute, steps: Array(steps[...position]))
    }

    /// This path with `prefix` (a path through a `[]`) replaced by `concrete` (the same path
    /// naming one element) when it starts with it; else unchanged.
    func binding(_ prefix: DescriptorPath, to concrete: DescriptorPath) -> DescriptorPath {
        guard root == prefix.root, steps.starts(with: prefix.steps) else { return self }
        return DescriptorPath(
            root: concrete.root, absolute: absolute, steps: concrete.steps + steps.dropFirst(prefix.steps.count))
    }

    /// This path with its last step (a `[]`) naming element `index`.
    func element(_ index: Int) -> DescriptorPath {
        DescriptorPath(root: root, absolute: absolute, steps: steps.dropLast() + [.index(index)])
    }

    /// The steps with every index, slice and `[]` dropped: the field a path reads, whatever
    /// element of it (`details.[].amount` → `details.amount`), for coverage checks.
    public var fieldName: String {
        steps.compactMap { step -> String? in
            if case .name(let name) = step { return name }
            return nil
        }.joined(separator: ".")
    }

    public var description: String {
        let rootText: String
        switch root {
        case .data: rootText = absolute ? "#" : ""
        case .container: rootText = "@"
        case .descriptor: rootText = "$"
        }
        let stepTexts = steps.map { step -> String in
            switch step {
            case .name(let name): return name
            case .index(let i): return "[\(i)]"
            case let .slice(a, b): return "[\(a.map(String.init) ?? ""):\(b.map(String.init) ?? "")]"
            case .all: return "[]"
            }
        }
        return ([rootText].filter { !$0.isEmpty } + stepTexts).joined(separator: ".")
    }

    /// Splits at dots outside brackets (`[0:20]` holds none, but `[-1]` must stay whole).
    private static func split(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var inBracket = false
        for character in text {
            if character == "[" { inBracket = true }
            if character == "]" { inBracket = false }
            if character == ".", !inBracket {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    private static func step(_ part: String, in text: String) throws(EthereumError) -> Step {
        guard !part.isEmpty else { throw .invalidDescriptor("path \"\(text)\" has an empty step") }
        if part.hasPrefix("[") {
            guard part.hasSuffix("]") else {
                throw .invalidDescriptor("path \"\(text)\": \"\(part)\" is not [index], [a:b] or []")
            }
            let inner = part.dropFirst().dropLast()
            if inner.isEmpty { return .all }
            if let colon = inner.firstIndex(of: ":") {
                let start = inner[..<colon], end = inner[inner.index(after: colon)...]
                return .slice(try bound(start, text), try bound(end, text))
            }
            guard let index = try bound(inner, text) else { throw .invalidDescriptor("path \"\(text)\": empty index") }
            return .index(index)
        }
        guard let first = part.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")),
            part.utf8.allSatisfy({ c in
                (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                    || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
                    || c == UInt8(ascii: "$")
            })
        else { throw .invalidDescriptor("path \"\(text)\": \"\(part)\" is not a name") }
        return .name(part)
    }

    /// An optional signed decimal bound of at most 6 digits.
    private static func bound(_ text: Substring, _ path: String) throws(EthereumError) -> Int? {
        if text.isEmpty { return nil }
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : text
        guard !digits.isEmpty, digits.count <= 6,
            digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let value = Int(digits)
        else { throw .invalidDescriptor("path \"\(path)\": \"\(text)\" is not an index") }
        return negative ? -value : value
    }
}
