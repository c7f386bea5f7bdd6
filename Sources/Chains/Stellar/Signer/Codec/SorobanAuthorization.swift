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
        case .createContract(let args): w.writeDiscriminant(args.constructorArgs == nil ? 1 : 2); try args.encode(to: &w)
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
            SorobanAuthorizedInvocation(function: try SorobanAuthorizedFunction(from: &r),
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
        (self.address, self.nonce, self.signatureExpirationLedger, self.signature) = (address, nonce, signatureExpirationLedger, signature)
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

/// `SorobanCredentials`: the transaction's source account (its signature of the transaction
/// covers the entry), or an address with its own signature.
///
/// The CAP-71 credentials (`ADDRESS_V2`, `ADDRESS_WITH_DELEGATES`, types 2 and 3) that
/// stellar-sdk 16 already knows are for protocol 27, which the network does not run: they are
/// refused by name rather than signed under rules the network does not apply yet.
public enum SorobanCredentials: XDRCodable {
    case sourceAccount
    case address(SorobanAddressCredentials)

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .sourceAccount
        case 1: self = .address(try SorobanAddressCredentials(from: &r))
        case 2, 3: throw StellarError.unsupportedOperation("Soroban credentials type \(type) (CAP-71, protocol 27) are not accepted by the network yet")
        default: throw r.unknownDiscriminant(type, of: "SorobanCredentialsType")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .sourceAccount: w.writeDiscriminant(0)
        case .address(let c): w.writeDiscriminant(1); try c.encode(to: &w)
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
