import AirsignChains
import AirsignKeystore
import AirsignMessages

extension FuzzTarget {
    /// Message files as both programs read them, and every request through its chain module's
    /// review, as `airsign-signer inspect` does before any PIN; also every module's native form.
    static let messages = FuzzTarget(name: "messages", summary: "sign requests (reviewed by every registered chain module), responses, account descriptors, native artifacts") { input throws(FuzzViolation) in
        let registry = ChainRegistry.standard
        let context = ReviewContext(now: 1_767_225_600)
        if let requests = try? MessageFile.requests(input) {
            for request in requests {
                guard let module = try? registry.module(for: request.chain) else { continue }
                _ = try? module.review(request, context: context)
            }
        }
        _ = try? MessageFile.responses(input)
        _ = try? AccountDescriptor.parseList(input)
        for module in registry.modules {
            guard let requests = try? module.nativeRequests(input, accounts: []) else { continue }
            for request in requests {
                _ = try? module.review(request, context: context)
            }
        }
    }

    static let keystoreFile = FuzzTarget(name: "keystore-file", summary: "keystore key files and pin-check.json as read from disk") { input throws(FuzzViolation) in
        _ = try? KeystoreDocument.parse(input, path: "fuzz.json")
    }
}
