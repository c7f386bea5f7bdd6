import AirsignStellar
import AirsignTestSupport

/// Random but well-formed Soroban values and transactions for property tests: every SCVal
/// type (maps sorted, keys distinct), every address kind, host functions, authorization trees,
/// footprints of every ledger key type, Soroban data v0 and v1.
extension StellarRandom {
    mutating func symbol(_ range: ClosedRange<Int> = 0...32) -> [UInt8] {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".utf8)
        return (0..<Int.random(in: range, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
    }

    mutating func scAddress(kinds: Int = 5) -> SCAddress {
        switch Int.random(in: 0..<kinds, using: &rng) {
        case 0: return .account(accountID())
        case 1: return .contract(key())
        case 2: return .muxedAccount(id: int(), publicKey: key())
        case 3: return .claimableBalance(balanceID())
        default: return .liquidityPool(key())
        }
    }

    mutating func executable() -> ContractExecutable { chance() ? .wasm(hash: key()) : .stellarAsset }

    /// Keys distinct and sorted, as the decoder requires.
    mutating func map(depth: Int, count: ClosedRange<Int> = 0...4) -> [SCMapEntry] {
        var entries: [SCMapEntry] = []
        for _ in 0..<Int.random(in: count, using: &rng) {
            let entry = SCMapEntry(key: value(depth: depth), val: value(depth: depth))
            if !entries.contains(where: { SCVal.compare($0.key, entry.key) == 0 }) { entries.append(entry) }
        }
        return entries.sorted { SCVal.compare($0.key, $1.key) < 0 }
    }

    mutating func value(depth: Int = 0) -> SCVal {
        switch Int.random(in: 0..<(depth < 4 ? 22 : 16), using: &rng) {
        case 0: return .bool(chance())
        case 1: return .void
        case 2:
            let type = Int32.random(in: 0...9, using: &rng)
            return .error(try! SCError(type: type, code: type == 0 ? int() : UInt32.random(in: 0...9, using: &rng)))
        case 3: return .u32(int())
        case 4: return .i32(int())
        case 5: return .u64(int())
        case 6: return .i64(int())
        case 7: return .timepoint(int())
        case 8: return .duration(int())
        case 9: return .u128(UInt128Parts(hi: int(), lo: int()))
        case 10: return .i128(Int128Parts(hi: int(), lo: int()))
        case 11: return .u256(UInt256Parts(hiHi: int(), hiLo: int(), loHi: int(), loLo: int()))
        case 12: return .i256(Int256Parts(hiHi: int(), hiLo: int(), loHi: int(), loLo: int()))
        case 13: return .bytes(rng.bytes(lengthIn: 0...40))
        case 14: return .string(rng.bytes(lengthIn: 0...20))
        case 15: return .symbol(symbol())
        case 16: return .vec((0..<Int.random(in: 0...4, using: &rng)).map { _ in value(depth: depth + 1) })
        case 17: return .map(map(depth: depth + 1))
        case 18: return .address(scAddress())
        case 19:
            return .contractInstance(
                SCContractInstance(executable: executable(), storage: chance() ? map(depth: depth + 1) : nil))
        case 20: return .ledgerKeyContractInstance
        default: return .ledgerKeyNonce(int())
        }
    }

    mutating func call() -> InvokeContractArgs {
        InvokeContractArgs(
            contract: scAddress(kinds: 2), function: symbol(1...32),
            args: (0..<Int.random(in: 0...5, using: &rng)).map { _ in value() })
    }

    mutating func creation(v2: Bool) -> CreateContractArgs {
        let preimage: ContractIDPreimage =
            chance() ? .fromAddress(scAddress(kinds: 2), salt: key()) : .fromAsset(asset())
        return CreateContractArgs(
            preimage: preimage, executable: executable(),
            constructorArgs: v2 ? (0..<Int.random(in: 0...3, using: &rng)).map { _ in value() } : nil)
    }

    mutating func hostFunction() -> HostFunction {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .invokeContract(call())
        case 1: return .createContract(creation(v2: false))
        case 2: return .uploadWasm(rng.bytes(lengthIn: 0...300))
        default: return .createContract(creation(v2: true))
        }
    }

    mutating func invocation(depth: Int = 0) -> SorobanAuthorizedInvocation {
        let function: SorobanAuthorizedFunction
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: function = .contract(call())
        case 1: function = .createContract(creation(v2: false))
        default: function = .createContract(creation(v2: true))
        }
        return SorobanAuthorizedInvocation(
            function: function,
            subInvocations: (0..<Int.random(in: 0...(depth < 3 ? 2 : 0), using: &rng)).map { _ in
                invocation(depth: depth + 1)
            })
    }

    mutating func authorization(address: SCAddress? = nil) -> SorobanAuthorizationEntry {
        let credentials: SorobanCredentials =
            address == nil && chance(0.3)
            ? .sourceAccount
            : .address(
                SorobanAddressCredentials(
                    address: address ?? scAddress(kinds: 2), nonce: int(), signatureExpirationLedger: int()))
        return SorobanAuthorizationEntry(credentials: credentials, rootInvocation: invocation())
    }

    mutating func ledgerKey() -> LedgerKey {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return .account(accountID())
        case 1:
            return .trustLine(
                account: accountID(),
                asset: chance(0.2)
                    ? .poolShare(poolID: key()) : .asset(.credit(code: code(alphanum12: chance()), issuer: accountID()))
            )
        case 2: return .offer(seller: accountID(), offerID: positive())
        case 3: return .data(account: accountID(), name: text(1...64))
        case 4: return .claimableBalance(balanceID())
        case 5: return .liquidityPool(poolID: key())
        case 6:
            return .contractData(
                contract: scAddress(kinds: 2), key: chance() ? .ledgerKeyContractInstance : value(depth: 3),
                durability: chance() ? .persistent : .temporary)
        case 7: return .contractCode(hash: key())
        case 8: return .configSetting(Int32.random(in: 0...20, using: &rng))
        default: return .ttl(keyHash: key())
        }
    }

    mutating func sorobanData(fee: UInt32) -> SorobanTransactionData {
        let readWrite = (0..<Int.random(in: 0...4, using: &rng)).map { _ in ledgerKey() }
        let archived: [UInt32]? = chance() ? nil : readWrite.indices.filter { _ in chance() }.map { UInt32($0) }
        let resources = SorobanResources(
            footprint: LedgerFootprint(
                readOnly: (0..<Int.random(in: 0...4, using: &rng)).map { _ in ledgerKey() },
                readWrite: readWrite),
            instructions: int(), diskReadBytes: int(), writeBytes: int())
        return SorobanTransactionData(
            resources: resources, resourceFee: Int64.random(in: 0...Int64(fee), using: &rng), archivedEntries: archived)
    }

    /// A Soroban transaction: one Soroban operation and its data.
    mutating func sorobanTransaction(auth: [SorobanAuthorizationEntry]? = nil) -> Transaction {
        let body: OperationBody
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<7:
            body = .invokeHostFunction(
                hostFunction(), auth: auth ?? (0..<Int.random(in: 0...3, using: &rng)).map { _ in authorization() })
        case 7, 8: body = .extendFootprintTTL(extendTo: int())
        default: body = .restoreFootprint
        }
        let fee = UInt32.random(in: 100 ... .max, using: &rng)
        return Transaction(
            source: muxed(), fee: fee, sequence: positive(), preconditions: preconditions(), memo: memo(),
            operations: [Operation(source: maybe { $0.muxed() }, body: body)], sorobanData: sorobanData(fee: fee))
    }
}
