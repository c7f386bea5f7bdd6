import AirsignEncoding
import AirsignMessages
import BigInt

/// How a call was shown, and what the review must say about it.
struct CallDisplay {
    enum Source: Equatable {
        /// A descriptor the person installed on the signer (its name there).
        case installed(String)
        /// One of the signer's own descriptors for a standard.
        case builtIn
        /// The ABI fragment the request carried: names unverified.
        case request
        /// Nothing could interpret it: shown byte for byte.
        case blind
        /// No data at all.
        case none
    }

    var source: Source
    /// One line for the call: its intent ("Swap"), or what it is.
    var summary: String
    var lines: [ReviewLine] = []
    var warnings: [String] = []
    /// Why parts of the call cannot be shown (signing then needs `--blind`).
    var blindReasons: [String] = []
    var fromTable = false
    /// The descriptor's name for what it describes (its owner), for installed and built-in ones.
    var descriptorName: String?
    /// The function that decoded the call, and its arguments (for the standards' warnings).
    var function: ABIFunction?
    var arguments: DataNode?
    /// The call as its descriptor states it (installed and built-in descriptors only).
    var intent: ReviewIntent?
}

/// Shows a call in the order of trust the review names: a descriptor installed on the signer
/// for this contract on this chain; else the signer's built-in descriptors for the standards
/// (matched by selector, for any contract); else, at the top level only, the ABI fragment the
/// request carried (used only when its selector is the call's); else the bytes, blind. Calls
/// inside calls (`calldata` fields, `multicall`, a Safe's `execTransaction`) go through the
/// same order, up to `maxDepth` levels.
struct CallResolver {
    let environment: ClearSigningEnvironment
    static let maxDepth = 3

    /// The call of `data` to `to` with `value`, sent by `from`. `request` is the request's ABI
    /// fragment (top level only). Throws when an installed descriptor or the request's
    /// fragment claims the call and the data does not decode under it, or the fragment's
    /// selector is not the call's.
    /// `installedChecked`: the caller already looked for an installed descriptor (and reported
    /// why any could not be used), so this starts at the built-in ones.
    func display(
        to: EthereumAddress, value: BigUInt, from: EthereumAddress, data: [UInt8], request: ABIFunction? = nil,
        depth: Int = 0, installedChecked: Bool = false
    ) throws -> CallDisplay {
        guard !data.isEmpty else { return CallDisplay(source: .none, summary: "no call data") }
        guard data.count >= 4, depth <= Self.maxDepth else { return blind(data, depth: depth) }
        let selector = Array(data.prefix(4))
        let container = ClearSigningScope.Container(from: from, to: to, value: value)
        let installed =
            installedChecked
            ? (display: nil, warnings: [])
            : try self.installed(to: to, value: value, from: from, data: data, depth: depth)
        if let shown = installed.display { return shown }
        let warnings = installed.warnings
        for descriptor in BuiltInDescriptors.calls {
            for format in descriptor.formats {
                // A call that does not decode under this standard's function is not that
                // standard's call: the next one, the request's fragment or blind decide it.
                guard let function = format.function, function.selector == selector,
                    let decoded = try? function.decodeAllowingSuffix(calldata: data)
                else { continue }
                let arguments = DataNode(arguments: decoded.values, of: function.inputs)
                if case .shown(let rendered) = try render(format, of: descriptor, arguments, container, depth: depth) {
                    var shown = display(
                        rendered, source: .builtIn, descriptor: descriptor, function: function, arguments: arguments)
                    shown.warnings =
                        warnings + shown.warnings
                        + StandardWarnings.call(function, arguments, container: container, environment: environment)
                    if !decoded.suffix.isEmpty { shown.showSuffix(decoded.suffix, after: function) }
                    return shown
                }
            }
        }
        if let request, depth == 0 {
            guard request.selector == selector else {
                throw EthereumError.invalidABI(
                    "the request's ABI fragment \(request.canonicalSignature) has selector \(Hex.encode(request.selector, prefix: true)), the call's is \(Hex.encode(selector, prefix: true))"
                )
            }
            let values: [ABIValue]
            do { values = try request.decode(calldata: data) } catch {
                throw EthereumError.invalidABI(
                    "the call does not decode under the request's \(request.canonicalSignature): \(error.reason)")
            }
            var shown = requestDisplay(request, values)
            shown.warnings = warnings
            return shown
        }
        var shown = blind(data, depth: depth)
        shown.warnings = warnings + shown.warnings
        return shown
    }

    /// The call as a descriptor installed for `to` on this chain shows it, if one has a format
    /// for its selector and can be used; the warnings say which could not be used and why.
    func installed(
        to: EthereumAddress, value: BigUInt, from: EthereumAddress, data: [UInt8],
        depth: Int = 0
    ) throws -> (display: CallDisplay?, warnings: [String]) {
        guard data.count >= 4 else { return (nil, []) }
        let selector = Array(data.prefix(4))
        let container = ClearSigningScope.Container(from: from, to: to, value: value)
        var warnings: [String] = []
        for installed in environment.knowledge.descriptors(chainId: environment.chainId, contract: to) {
            for format in installed.descriptor.formats {
                guard let function = format.function, function.selector == selector else { continue }
                // The arguments must be their strict encoding; bytes after it (a frontend's tag)
                // are signed and reach the contract, so they are shown, every byte, and warned of.
                let decoded: (values: [ABIValue], suffix: [UInt8])
                do { decoded = try function.decodeAllowingSuffix(calldata: data) } catch {
                    throw EthereumError.invalidDescriptor(
                        "the call does not decode under \(function.canonicalSignature) of the installed descriptor \"\(installed.name)\": \(error.reason)"
                    )
                }
                let arguments = DataNode(arguments: decoded.values, of: function.inputs)
                switch try render(format, of: installed.descriptor, arguments, container, depth: depth) {
                case .shown(let rendered):
                    var shown = display(
                        rendered, source: .installed(installed.name), descriptor: installed.descriptor,
                        function: function, arguments: arguments)
                    shown.warnings = warnings + shown.warnings
                    if !decoded.suffix.isEmpty { shown.showSuffix(decoded.suffix, after: function) }
                    return (shown, [])
                case .notUsed(let reason):
                    warnings.append(
                        "the installed descriptor \"\(installed.name)\" was not used for \(function.name): \(reason)")
                }
            }
        }
        return (nil, warnings)
    }

    private func render(
        _ format: DescriptorFormat, of descriptor: ClearSigningDescriptor, _ arguments: DataNode,
        _ container: ClearSigningScope.Container, depth: Int
    ) throws -> FormatRenderer.Outcome {
        let scope = ClearSigningScope(
            descriptor: descriptor, data: arguments, container: container, environment: environment)
        let renderer = FormatRenderer(scope: scope, format: format) { to, value, from, data in
            try self.display(to: to, value: value, from: from, data: data, depth: depth + 1)
        }
        return try renderer.render(level: 0)
    }

    private func display(
        _ rendered: FormatRenderer.Rendered, source: CallDisplay.Source, descriptor: ClearSigningDescriptor,
        function: ABIFunction, arguments: DataNode
    ) -> CallDisplay {
        CallDisplay(
            source: source, summary: rendered.intent, lines: rendered.lines, warnings: rendered.warnings,
            blindReasons: rendered.blindReasons, fromTable: true, descriptorName: descriptor.displayName,
            function: function, arguments: arguments, intent: rendered.reviewIntent(owner: descriptor.displayName))
    }

    /// The request's fragment: every argument by its unverified name and type, values decoded
    /// from the signed bytes.
    private func requestDisplay(_ function: ABIFunction, _ values: [ABIValue]) -> CallDisplay {
        var lines = [
            ReviewLine("function", "\(function.described): names from the request, not verified", source: .request)
        ]
        for (parameter, value) in zip(function.inputs, values) {
            lines += ABIValueText.lines(parameter, value, level: 1, describe: environment.describe)
        }
        return CallDisplay(
            source: .request, summary: function.name, lines: lines, function: function,
            arguments: DataNode(arguments: values, of: function.inputs))
    }

    private func blind(_ data: [UInt8], depth: Int) -> CallDisplay {
        let reason =
            depth > Self.maxDepth
            ? "a call nested deeper than \(Self.maxDepth) levels"
            : "contract call data that no descriptor the signer has describes"
        let selector =
            data.count >= 4 ? Hex.encode(Array(data.prefix(4)), prefix: true) : Hex.encode(data, prefix: true)
        return CallDisplay(
            source: .blind, summary: "not a known call (selector \(selector))", lines: DataWords.call(data),
            blindReasons: [reason])
    }
}

extension CallDisplay {
    /// Shows the bytes a call carries after its arguments' encoding, as its own signed line
    /// with a warning: the descriptor does not describe them, and the contract receives them.
    mutating func showSuffix(_ suffix: [UInt8], after function: ABIFunction) {
        let count = "\(suffix.count) byte\(suffix.count == 1 ? "" : "s")"
        lines.append(ReviewLine("\(count) after the arguments", Hex.encode(suffix, prefix: true), source: .signed))
        warnings.append(
            "the call data carries \(count) after the arguments of \(function.name) (not part of its ABI encoding, undescribed; signed, and the contract receives them)"
        )
    }
}
