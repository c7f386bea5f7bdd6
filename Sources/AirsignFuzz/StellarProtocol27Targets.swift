import AirsignMessages
import AirsignStellar

/// The decoders protocols 27 and 28 added: CAP-71's credentials (`ADDRESS_V2`,
/// `ADDRESS_WITH_DELEGATES` with nested delegates) and CAP-85's executable reference and
/// `SCV_EXECUTABLE_TAG`.
extension FuzzTarget {
    /// `SorobanCredentials` XDR, then an authorization entry and a transaction carrying it,
    /// reviewed for the first account it names: accepted bytes re-encode exactly, delegate
    /// lists are strictly increasing, and a review queues exactly what the transaction's
    /// pending list holds.
    static let stellarCAP71Credentials = FuzzTarget(
        name: "stellar-cap71-credentials",
        summary:
            "Soroban credentials XDR with CAP-71 arms (ADDRESS_V2, ADDRESS_WITH_DELEGATES, nested delegates), reviewed in an authorization request and a transaction"
    ) { input throws(FuzzViolation) in
        guard let credentials = try? SorobanCredentials(xdr: input) else { return }
        try FuzzViolation.check(
            (try? credentials.xdr()) == input, "accepted credentials do not re-encode to their input")
        try checkOrder(credentials.delegates)
        let call = InvokeContractArgs(
            contract: .contract([UInt8](repeating: 7, count: 32)), function: Array("transfer".utf8), args: [])
        let entry = SorobanAuthorizationEntry(
            credentials: credentials, rootInvocation: SorobanAuthorizedInvocation(function: .contract(call)))
        if credentials.topLevel != nil {
            let preimage = try? entry.signaturePreimage(network: .testnet)
            try FuzzViolation.check(
                preimage?.first(4) == [0, 0, 0, credentials.bindsAddress ? 10 : 9],
                "the preimage of credentials type \(credentials.type) has the wrong envelope type")
        }
        guard let key = firstAccountKey(credentials), let address = try? AccountID(publicKey: key).description,
            let account = try? MessageAccount(address: address, publicKey: key)
        else { return }
        if let payload = try? StellarPayload.json(entry, network: .testnet),
            let request = try? SignRequest.make(
                chain: ChainID(.stellar), network: "stellar:testnet", account: account, payload: payload)
        {
            _ = try? StellarChain().review(request, context: ReviewContext(now: 0))
        }
        guard let source = try? MuxedAccount(publicKey: key) else { return }
        let data = SorobanTransactionData(
            resources: SorobanResources(footprint: LedgerFootprint(), instructions: 1, diskReadBytes: 0, writeBytes: 0),
            resourceFee: 1)
        let tx = Transaction(
            source: source, fee: 100, sequence: 1, preconditions: .none,
            operations: [Operation(body: .invokeHostFunction(.invokeContract(call), auth: [entry]))], sorobanData: data)
        let envelope = TransactionEnvelope.v1(tx, signatures: [])
        let pending = try? envelope.pendingAuthorizations(of: key, network: .testnet)
        try FuzzViolation.check(
            pending == nil || pending?.count == (entry.awaitsSignature(of: key) ? 1 : 0),
            "the pending authorizations disagree with the entry's unsigned places")
        if let payload = try? StellarChain.payload(envelope, network: .testnet),
            let request = try? SignRequest.make(
                chain: ChainID(.stellar), network: "stellar:testnet", account: account, payload: payload)
        {
            _ = try? StellarChain().review(request, context: ReviewContext(now: 0))
        }
    }

    /// `ContractExecutable`, `HostFunction` or `SCVal` XDR (the first byte picks): CAP-85's
    /// external reference and executable tag; accepted bytes re-encode exactly, values compare
    /// equal to themselves and are written out as the review writes them.
    static let stellarCAP85Executable = FuzzTarget(
        name: "stellar-cap85-executable",
        summary:
            "ContractExecutable, HostFunction and SCVal XDR with CAP-85's external executable reference and SCV_EXECUTABLE_TAG"
    ) { input throws(FuzzViolation) in
        guard let selector = input.first else { return }
        let body = Array(input.dropFirst())
        switch selector % 3 {
        case 0:
            guard let executable = try? ContractExecutable(xdr: body) else { return }
            try FuzzViolation.check(
                (try? executable.xdr()) == body, "an accepted executable does not re-encode to its input")
            let instance = SCVal.contractInstance(SCContractInstance(executable: executable, storage: nil))
            try FuzzViolation.check(
                SCVal.compare(instance, instance) == 0, "an instance does not compare equal to itself")
            _ = SCValText.inline(instance)
        case 1:
            guard let function = try? HostFunction(xdr: body) else { return }
            try FuzzViolation.check(
                (try? function.xdr()) == body, "an accepted host function does not re-encode to its input")
        default:
            guard let value = try? SCVal(xdr: body) else { return }
            try FuzzViolation.check((try? value.xdr()) == body, "an accepted SCVal does not re-encode to its input")
            try FuzzViolation.check(SCVal.compare(value, value) == 0, "an SCVal does not compare equal to itself")
            _ = SCValText.inline(value)
        }
    }
}

private func checkOrder(_ delegates: [SorobanDelegateSignature]) throws(FuzzViolation) {
    for i in delegates.indices.dropFirst() {
        try FuzzViolation.check(
            SCVal.compare(.address(delegates[i - 1].address), .address(delegates[i].address)) < 0,
            "accepted delegates are not strictly increasing")
    }
    for delegate in delegates { try checkOrder(delegate.nestedDelegates) }
}

/// The key of the first account the credentials name: the top-level address, else a delegate.
private func firstAccountKey(_ credentials: SorobanCredentials) -> [UInt8]? {
    func first(_ delegates: [SorobanDelegateSignature]) -> [UInt8]? {
        for delegate in delegates {
            if let key = delegate.address.accountKey { return key }
            if let key = first(delegate.nestedDelegates) { return key }
        }
        return nil
    }
    return credentials.topLevel?.address.accountKey ?? first(credentials.delegates)
}

extension Array where Element == UInt8 {
    fileprivate func first(_ n: Int) -> [UInt8] { Array(prefix(n)) }
}
