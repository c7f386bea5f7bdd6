import AirsignEncoding
import AirsignEthereum
import BigInt

extension FuzzTarget {
    /// The input is a function signature, a newline, and the argument bytes.
    static let ethereumABI = FuzzTarget(
        name: "ethereum-abi",
        summary: "ABI signatures and strict argument decoding: what decodes re-encodes to the same bytes"
    ) { input throws(FuzzViolation) in
        let split = input.firstIndex(of: 0x0a) ?? input.endIndex
        guard let text = String(validating: input[..<split], as: UTF8.self),
            let function = try? ABIFunction(signature: text)
        else { return }
        let data = Array(input[min(split + 1, input.endIndex)...])
        guard let values = try? ABIDecoder.decode(function.inputs.map(\.type), from: data) else { return }
        let again: [UInt8]
        do { again = try ABIEncoder.encode(values, as: function.inputs.map(\.type)) } catch {
            throw FuzzViolation("decoded values do not encode again: \(error)")
        }
        try FuzzViolation.check(
            again == data, "the strict decoder accepted bytes that are not the encoding of what it decoded")
    }

    /// The input is a function signature, a newline, and calldata after the selector. The
    /// review's reading (strict arguments, then bytes after them) must split the data exactly:
    /// the arguments re-encode to the bytes before the suffix.
    static let ethereumABISuffix = FuzzTarget(
        name: "ethereum-abi-suffix",
        summary: "ABI arguments followed by extra bytes, as an installed descriptor's review reads them"
    ) { input throws(FuzzViolation) in
        let split = input.firstIndex(of: 0x0a) ?? input.endIndex
        guard let text = String(validating: input[..<split], as: UTF8.self),
            let function = try? ABIFunction(signature: text)
        else { return }
        let data = function.selector + Array(input[min(split + 1, input.endIndex)...])
        guard let decoded = try? function.decodeAllowingSuffix(calldata: data) else { return }
        let again: [UInt8]
        do { again = try ABIEncoder.encode(decoded.values, as: function.inputs.map(\.type)) } catch {
            throw FuzzViolation("decoded values do not encode again: \(error)")
        }
        try FuzzViolation.check(
            function.selector + again + decoded.suffix == data, "arguments and suffix are not the calldata split in two"
        )
        try FuzzViolation.check(
            decoded.suffix.isEmpty == ((try? function.decode(calldata: data)) != nil),
            "the strict decoder and the suffix reading disagree")
    }

    /// The input is an ERC-7730 descriptor (JSON), a NUL byte, and calldata sent to the
    /// contract it binds: the descriptor is read and, when the signer accepts it, the call is
    /// shown with it as an installed descriptor (refusals are fine, traps are not).
    static let ethereumDescriptor = FuzzTarget(
        name: "ethereum-descriptor", summary: "ERC-7730 descriptors read strictly, then used to show calldata"
    ) { input throws(FuzzViolation) in
        let split = input.firstIndex(of: 0) ?? input.endIndex
        guard let json = try? JSONParser().parse(Array(input[..<split])),
            let descriptor = try? ClearSigningDescriptor(document: json),
            let from = EthereumFuzzAccount.address
        else { return }
        let data = Array(input[min(split + 1, input.endIndex)...])
        let knowledge = EthereumKnowledge(descriptors: [InstalledDescriptor(name: "fuzz", descriptor: descriptor)])
        for deployment in descriptor.deployments.prefix(2) {
            // A selector the descriptor has, so the fuzzer's bytes reach its formats.
            let selectors = descriptor.formats.compactMap { $0.function?.selector }
            for selector in selectors.prefix(2) + [[]] {
                guard
                    let transaction = try? EthereumTransaction(
                        type: .feeMarket, chainId: deployment.chainId, nonce: 0,
                        fees: .feeMarket(maxPriorityFeePerGas: 1, maxFeePerGas: 2), gasLimit: 21000,
                        to: deployment.address, value: 1, data: selector + data)
                else { continue }
                _ = try? TransactionReview(transaction, from: from, knowledge: knowledge, now: 1_767_225_600)
            }
        }
    }

    /// The input is an `interpolatedIntent` template, a NUL byte, and lines `path=value`: the
    /// template is filled (or refused, nil) without trapping; a filled template's literal text is
    /// kept; text with every brace doubled fills to itself.
    static let ethereumInterpolatedIntent = FuzzTarget(
        name: "ethereum-interpolated-intent", summary: "ERC-7730 interpolatedIntent templates filled from field values"
    ) { input throws(FuzzViolation) in
        let split = input.firstIndex(of: 0) ?? input.endIndex
        guard let template = String(validating: input[..<split], as: UTF8.self) else { return }
        var values: [String: String] = [:]
        if let rest = String(validating: input[min(split + 1, input.endIndex)...], as: UTF8.self) {
            for line in rest.split(separator: "\n") {
                guard let equals = line.firstIndex(of: "="), values.count < 64 else { continue }
                values[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        if let filled = InterpolatedIntent.fill(template, values: values),
            !template.contains("{"), !template.contains("}")
        {
            try FuzzViolation.check(filled == template, "a template without braces was changed")
        }
        var escaped = ""
        for character in template {
            escaped.append(character)
            if character == "{" || character == "}" { escaped.append(character) }
        }
        try FuzzViolation.check(
            InterpolatedIntent.fill(escaped, values: values) == template,
            "text with every brace doubled does not fill to itself")
    }
}
