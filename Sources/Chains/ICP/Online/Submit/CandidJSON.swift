import AirsignCandid
import AirsignEncoding
import AirsignICP
import AirsignMessages

/// Decoded Candid replies for people (Candid text, named by the method's return types) and as
/// JSON: records as objects keyed by field name (or id), variants as `{"Case": value}`, opt as
/// null or the value, blobs as hex, principals as text, and integers wider than 32 bits as
/// decimal strings so no JSON reader rounds them.
public enum CandidReply {
    /// The reply of `method` on `canister`, read at its built-in return types when the signer
    /// has the canister's interface, else by the message's own types.
    public static func decode(_ bytes: [UInt8], canister: Principal, method: String) throws(ICPError) -> (
        text: String, json: JSONValue
    ) {
        let message = try ICPError.catchingCandid { () throws(CandidError) in try CandidDecoder().decode(bytes) }
        if let interface = ICPBuiltinInterfaces.known(canister)?.interface,
            let types = interface.method(method)?.results,
            let read = try? message.coerced(to: types, in: interface.environment)
        {
            let json = zip(read.values, types).map { value(of: $0.0, type: $0.1, in: interface.environment) }
            return (
                CandidText.arguments(read.values, types: types, in: interface.environment),
                json.count == 1 ? json[0] : .array(json)
            )
        }
        let json = message.values.map { value(of: $0, type: nil, in: .empty) }
        return (CandidText.arguments(message.values), json.count == 1 ? json[0] : .array(json))
    }

    static func fields(_ type: CandidType?, in environment: CandidTypeEnvironment) -> [CandidField]? {
        guard let type, let resolved = try? environment.resolve(type) else { return nil }
        switch resolved {
        case let .record(f), let .variant(f): return f
        default: return nil
        }
    }

    static func name(_ id: UInt32, _ fields: [CandidField]?) -> (String, CandidType?) {
        let field = fields?.first { $0.id == id }
        if let name = field?.name, CandidLabel.hash(name) == id { return (name, field?.type) }
        return (String(id), field?.type)
    }

    /// `value` as JSON, named by `type` (read in `environment`) where it gives names.
    public static func value(of value: CandidValue, type: CandidType?, in environment: CandidTypeEnvironment)
        -> JSONValue
    {
        let resolved = type.flatMap { try? environment.resolve($0) }
        switch value {
        case .null, .reserved: return .null
        case let .bool(b): return .bool(b)
        case let .nat(n): return .string(String(n))
        case let .int(n): return .string(String(n))
        case let .nat8(n): return .number(String(n))
        case let .nat16(n): return .number(String(n))
        case let .nat32(n): return .number(String(n))
        case let .nat64(n): return .string(String(n))
        case let .int8(n): return .number(String(n))
        case let .int16(n): return .number(String(n))
        case let .int32(n): return .number(String(n))
        case let .int64(n): return .string(String(n))
        case let .float32(f): return f.isFinite ? .number(String(f)) : .string(String(f))
        case let .float64(f): return f.isFinite ? .number(String(f)) : .string(String(f))
        case let .text(t): return .string(t)
        case let .principal(p): return .string(p.text)
        case let .service(p): return .string(p.text)
        case let .function(p, m): return .object([("canister", .string(p.text)), ("method", .string(m))])
        case let .blob(b): return .string(Hex.encode(b))
        case let .opt(inner):
            var content: CandidType?
            if case let .opt(t)? = resolved { content = t }
            return inner.map { self.value(of: $0, type: content, in: environment) } ?? .null
        case let .vec(items):
            var element: CandidType?
            if case let .vec(t)? = resolved { element = t }
            return .array(items.map { self.value(of: $0, type: element, in: environment) })
        case let .record(list):
            let named = fields(type, in: environment)
            return .object(
                list.map { field in
                    let (label, fieldType) = name(field.id, named)
                    return (label, self.value(of: field.value, type: fieldType, in: environment))
                })
        case let .variant(chosen):
            let (label, caseType) = name(chosen.id, fields(type, in: environment))
            return .object([(label, self.value(of: chosen.value, type: caseType, in: environment))])
        }
    }
}
