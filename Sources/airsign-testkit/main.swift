// airsign-testkit: a test-only tool for Tests/interop. It reads one JSON request per line on
// stdin ({"op": NAME, ...arguments}) and writes one JSON response per line on stdout: the op's
// outputs, or {"error": MESSAGE} when Airsign refused the input. It is not installed and holds
// no keys of anyone's; the interop suite feeds it random test keys.
import Foundation

let handlers: [String: Handler] = [
    cryptoHandlers, rlpHandlers, cborHandlers, jsonHandlers, sr25519Handlers, keysHandlers, transportHandlers,
    stellarHandlers, ethereumHandlers, substrateHandlers, substrateMetadataHandlers, substrateEffectsHandlers,
    icpHandlers, unicodeHandlers, blsHandlers,
].reduce(into: [:]) { all, group in
    all.merge(group) { _, _ in preconditionFailure("two handlers share an op name") }
}

while let line = readLine(strippingNewline: true) {
    let response: [String: Any]
    do {
        let request = try Request(line: line)
        guard let handler = handlers[request.op] else { throw TestkitError.badRequest("unknown op \(request.op)") }
        response = try handler(request)
    } catch let error as TestkitError {
        // A malformed request is a bug in the test suite, not an input Airsign refused.
        FileHandle.standardError.write(Data("airsign-testkit: \(error)\n".utf8))
        exit(2)
    } catch {
        response = ["error": String(describing: error)]
    }
    let data = try JSONSerialization.data(withJSONObject: response, options: [.sortedKeys])
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}
