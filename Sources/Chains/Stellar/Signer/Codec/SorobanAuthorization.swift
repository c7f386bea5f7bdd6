import AirsignEncoding

/// `SorobanAuthorizedFunction`: a contract call, or a contract creation (v1 without, v2 with
/// constructor arguments).
public enum SorobanAuthorizedFunction: XDRCodable {
    case contract(InvokeContractArgs)
    case createContract(CreateContractArgs)

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .contract(try InvokeContractArgs(from: &r))
        case 1: self = .createContract(try CreateContractArgs(from: &r, v2: false))
        case 2: self = .createContract(try CreateContractArgs(from: &r, v2: true))
        default: throw r.unknownDiscriminant(type, of: "SorobanAuthorizedFunctionType")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .contract(let args): w.writeDiscriminant(0); try args.encode(to: &w)
        case .createContract(let args):
            w.writeDiscriminant(args.constructorArgs == nil ? 1 : 2); try args.encode(to: &w)
        }
    }
}

/// `SorobanAuthorizedInvocation`: a function and the calls it makes that need the same
/// authorization. Recursive: each level counts against the reader's nesting limit.
public struct SorobanAuthorizedInvocation: XDRCodable {
    public var function: SorobanAuthorizedFunction
    public var subInvocations: [SorobanAuthorizedInvocation]

    public init(function: SorobanAuthorizedFunction, subInvocations: [SorobanAuthorizedInvocation] = []) {
        (self.function, self.subInvocations) = (function, subInvocations)
    }

    public init(from r: inout XDRReader) throws {
        self = try r.nestedValue { r in
            SorobanAuthorizedInvocation(
                function: try SorobanAuthorizedFunction(from: &r),
                subInvocations: try r.readArray { try SorobanAuthorizedInvocation(from: &$0) })
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        try function.encode(to: &w)
        try w.writeArray(subInvocations) { try $1.encode(to: &$0) }
    }
}

/// `SorobanAddressCredentials`: an address that authorizes, its nonce, the last ledger its
/// signature is valid for, and the signature (an `SCVal`: void until signed).
public struct SorobanAddressCredentials: XDRCodable {
    public var address: SCAddress
    public var nonce: Int64
    public var signatureExpirationLedger: UInt32
    public var signature: SCVal

    public init(address: SCAddress, nonce: Int64, signatureExpirationLedger: UInt32, signature: SCVal = .void) {
        (self.address, self.nonce, self.signatureExpirationLedger, self.signature) = (
            address, nonce, signatureExpirationLedger, signature
        )
    }

    public init(from r: inout XDRReader) throws {
        address = try SCAddress(from: &r)
        nonce = try r.readInt64()
        signatureExpirationLedger = try r.readUInt32()
        signature = try SCVal(from: &r)
    }

    public func encode(to w: inout XDRWriter) throws {
        try address.encode(to: &w)
        w.writeInt64(nonce)
        w.writeUInt32(signatureExpirationLedger)
        try signature.encode(to: &w)
    }
}

/// `SorobanDelegateSignature` (CAP-71-01, protocol 27): an address the top-level account's
/// `__check_auth` may delegate its authentication to (`delegate_account_auth`), with that
/// address's signature of the same payload and its own nested delegates. Recursive: each level
/// counts against the reader's nesting limit.
public struct SorobanDelegateSignature: XDRCodable {
    public var address: SCAddress
    /// Void until signed.
    public var signature: SCVal
    /// Sorted by address, no address twice (the host refuses the entry otherwise).
    public var nestedDelegates: [SorobanDelegateSignature]

    public init(address: SCAddress, signature: SCVal = .void, nestedDelegates: [SorobanDelegateSignature] = []) {
        (self.address, self.signature, self.nestedDelegates) = (address, signature, nestedDelegates)
    }

    public init(from r: inout XDRReader) throws {
        self = try r.nestedValue { r in
            let address = try SCAddress(from: &r)
            let signature = try SCVal(from: &r)
            let nested = try readDelegates(&r)
            return SorobanDelegateSignature(address: address, signature: signature, nestedDelegates: nested)
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        try address.encode(to: &w)
        try signature.encode(to: &w)
        try writeDelegates(nestedDelegates, to: &w)
    }
}

/// The fewest bytes a `SorobanDelegateSignature` takes: a 36-byte address, a void value, an
/// empty list.
private let delegateMinimumSize = 44

private func readDelegates(_ r: inout XDRReader) throws -> [SorobanDelegateSignature] {
    let delegates = try r.readArray(minimumElementSize: delegateMinimumSize) { try SorobanDelegateSignature(from: &$0) }
    try checkDelegateOrder(delegates)
    return delegates
}

private func writeDelegates(_ delegates: [SorobanDelegateSignature], to w: inout XDRWriter) throws {
    try checkDelegateOrder(delegates)
    try w.writeArray(delegates) { try $1.encode(to: &$0) }
}

/// CAP-71-01: every delegate list is sorted by address in the host's order, with no address
/// twice; the host fails the invocation otherwise, so the signer refuses it.
func checkDelegateOrder(_ delegates: [SorobanDelegateSignature]) throws(StellarError) {
    for i in delegates.indices.dropFirst() {
        let order = SCAddress.compare(delegates[i - 1].address, delegates[i].address)
        if order == 0 { throw .soroban(.delegateRepeated(index: i, address: "\(delegates[i].address)")) }
        if order > 0 { throw .soroban(.delegatesOutOfOrder(index: i, address: "\(delegates[i].address)")) }
    }
}

/// `SorobanAddressCredentialsWithDelegates` (CAP-71-01): the top-level address credentials and
/// the delegates its account may hand authentication to.
public struct SorobanAddressCredentialsWithDelegates: XDRCodable {
    public var addressCredentials: SorobanAddressCredentials
    public var delegates: [SorobanDelegateSignature]

    public init(addressCredentials: SorobanAddressCredentials, delegates: [SorobanDelegateSignature]) {
        (self.addressCredentials, self.delegates) = (addressCredentials, delegates)
    }

    public init(from r: inout XDRReader) throws {
        addressCredentials = try SorobanAddressCredentials(from: &r)
        delegates = try readDelegates(&r)
    }

    public func encode(to w: inout XDRWriter) throws {
        try addressCredentials.encode(to: &w)
        try writeDelegates(delegates, to: &w)
    }
}

/// `SorobanCredentials`: the transaction's source account (its signature of the transaction
/// covers the entry), or an address with its own signature: `ADDRESS` signs the
/// `ENVELOPE_TYPE_SOROBAN_AUTHORIZATION` preimage; `ADDRESS_V2` and `ADDRESS_WITH_DELEGATES`
/// (CAP-71, protocol 27) sign `ENVELOPE_TYPE_SOROBAN_AUTHORIZATION_WITH_ADDRESS`, which also
/// names the top-level address, and the latter carries delegates that sign that same payload.
public enum SorobanCredentials: XDRCodable {
    case sourceAccount
    case address(SorobanAddressCredentials)
    case addressV2(SorobanAddressCredentials)
    case addressWithDelegates(SorobanAddressCredentialsWithDelegates)

    /// The `SorobanCredentialsType` discriminant.
    public var type: Int32 {
        switch self {
        case .sourceAccount: return 0
        case .address: return 1
        case .addressV2: return 2
        case .addressWithDelegates: return 3
        }
    }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .sourceAccount
        case 1: self = .address(try SorobanAddressCredentials(from: &r))
        case 2: self = .addressV2(try SorobanAddressCredentials(from: &r))
        case 3: self = .addressWithDelegates(try SorobanAddressCredentialsWithDelegates(from: &r))
        default: throw r.unknownDiscriminant(type, of: "SorobanCredentialsType")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        w.writeDiscriminant(type)
        switch self {
        case .sourceAccount: break
        case .address(let c), .addressV2(let c): try c.encode(to: &w)
        case .addressWithDelegates(let c): try c.encode(to: &w)
        }
    }

    /// The top-level address credentials of any address arm; nil for the source account.
    public var topLevel: SorobanAddressCredentials? {
        switch self {
        case .sourceAccount: return nil
        case .address(let c), .addressV2(let c): return c
        case .addressWithDelegates(let c): return c.addressCredentials
        }
    }

    /// The delegates (empty unless `ADDRESS_WITH_DELEGATES`).
    public var delegates: [SorobanDelegateSignature] {
        if case .addressWithDelegates(let c) = self { return c.delegates }
        return []
    }

    /// Whether the signature payload names the top-level address
    /// (`ENVELOPE_TYPE_SOROBAN_AUTHORIZATION_WITH_ADDRESS`).
    public var bindsAddress: Bool {
        switch self {
        case .addressV2, .addressWithDelegates: return true
        case .sourceAccount, .address: return false
        }
    }

    /// The same arm with `credentials` at its top level (the source account stays as it is).
    public func replacingTopLevel(_ credentials: SorobanAddressCredentials) -> SorobanCredentials {
        switch self {
        case .sourceAccount: return self
        case .address: return .address(credentials)
        case .addressV2: return .addressV2(credentials)
        case .addressWithDelegates(let c):
            return .addressWithDelegates(
                SorobanAddressCredentialsWithDelegates(addressCredentials: credentials, delegates: c.delegates))
        }
    }
}

/// `SorobanAuthorizationEntry`: who authorizes and the invocation tree they authorize.
public struct SorobanAuthorizationEntry: XDRCodable {
    public var credentials: SorobanCredentials
    public var rootInvocation: SorobanAuthorizedInvocation

    public init(credentials: SorobanCredentials, rootInvocation: SorobanAuthorizedInvocation) {
        (self.credentials, self.rootInvocation) = (credentials, rootInvocation)
    }

    public init(from r: inout XDRReader) throws {
        credentials = try SorobanCredentials(from: &r)
        rootInvocation = try SorobanAuthorizedInvocation(from: &r)
    }

    public func encode(to w: inout XDRWriter) throws {
        try credentials.encode(to: &w)
        try rootInvocation.encode(to: &w)
    }

    /// Decodes a base64 entry (strict, whole input consumed).
    public init(base64 text: String) throws(StellarError) {
        try self.init(xdr: try StellarBase64.decode(text))
    }

    /// The base64 of the entry's XDR.
    public func base64() throws(StellarError) -> String { StellarBase64.encode(try xdr()) }
}
