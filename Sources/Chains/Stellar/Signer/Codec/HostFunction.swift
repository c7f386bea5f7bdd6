import AirsignEncoding

/// `InvokeContractArgs`: a call of `function` on `contract` with `args`.
public struct InvokeContractArgs: XDRCodable {
    public var contract: SCAddress
    /// The function name, an `SCSymbol`.
    public var function: [UInt8]
    public var args: [SCVal]

    public init(contract: SCAddress, function: [UInt8], args: [SCVal]) {
        (self.contract, self.function, self.args) = (contract, function, args)
    }

    /// The function name as text (symbols are ASCII).
    public var functionName: String { String(decoding: function, as: UTF8.self) }

    public init(from r: inout XDRReader) throws {
        contract = try SCAddress(from: &r)
        function = try readSymbol(&r)
        args = try r.readArray { try SCVal(from: &$0) }
    }

    public func encode(to w: inout XDRWriter) throws {
        try contract.encode(to: &w)
        try SCVal.checkSymbol(function)
        try w.writeString(bytes: function, max: SCVal.symbolLimit)
        try w.writeArray(args) { try $1.encode(to: &$0) }
    }
}

/// `ContractIDPreimage`: what a new contract's id is derived from: a deployer address and a
/// salt, or (for a Stellar Asset Contract) the asset.
public enum ContractIDPreimage: XDRCodable {
    case fromAddress(SCAddress, salt: [UInt8])
    case fromAsset(Asset)

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0:
            let address = try SCAddress(from: &r)
            self = .fromAddress(address, salt: try r.read32())
        case 1: self = .fromAsset(try Asset(from: &r))
        default: throw r.unknownDiscriminant(type, of: "ContractIDPreimageType")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case let .fromAddress(address, salt):
            w.writeDiscriminant(0); try address.encode(to: &w); try w.write32(salt, what: "salt")
        case .fromAsset(let asset): w.writeDiscriminant(1); try asset.encode(to: &w)
        }
    }
}

/// `CreateContractArgs` and, with constructor arguments, `CreateContractArgsV2`.
public struct CreateContractArgs: Sendable, Hashable {
    public var preimage: ContractIDPreimage
    public var executable: ContractExecutable
    /// The constructor's arguments; nil for the v1 form, which has none.
    public var constructorArgs: [SCVal]?

    public init(preimage: ContractIDPreimage, executable: ContractExecutable, constructorArgs: [SCVal]? = nil) {
        (self.preimage, self.executable, self.constructorArgs) = (preimage, executable, constructorArgs)
    }

    init(from r: inout XDRReader, v2: Bool) throws {
        preimage = try ContractIDPreimage(from: &r)
        executable = try ContractExecutable(from: &r)
        constructorArgs = v2 ? try r.readArray { try SCVal(from: &$0) } : nil
    }

    func encode(to w: inout XDRWriter) throws {
        try preimage.encode(to: &w)
        try executable.encode(to: &w)
        if let constructorArgs { try w.writeArray(constructorArgs) { try $1.encode(to: &$0) } }
    }
}

/// `HostFunction`: what an `invokeHostFunction` operation runs.
public enum HostFunction: XDRCodable {
    case invokeContract(InvokeContractArgs)
    /// `HOST_FUNCTION_TYPE_CREATE_CONTRACT` (no constructor arguments) or `_V2` (with them).
    case createContract(CreateContractArgs)
    case uploadWasm([UInt8])

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .invokeContract(try InvokeContractArgs(from: &r))
        case 1: self = .createContract(try CreateContractArgs(from: &r, v2: false))
        case 2: self = .uploadWasm(try r.readVariableOpaque())
        case 3: self = .createContract(try CreateContractArgs(from: &r, v2: true))
        default: throw r.unknownDiscriminant(type, of: "HostFunctionType")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .invokeContract(let args): w.writeDiscriminant(0); try args.encode(to: &w)
        case .createContract(let args):
            w.writeDiscriminant(args.constructorArgs == nil ? 1 : 3); try args.encode(to: &w)
        case .uploadWasm(let wasm): w.writeDiscriminant(2); try w.writeVariableOpaque(wasm)
        }
    }
}
