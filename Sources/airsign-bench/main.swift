// airsign-bench: times Airsign's primitives and prints one JSON object per benchmark on stdout.
// Run it through `make bench` (scripts/bench), which builds it in release mode and sets the
// reference implementations' numbers beside it. Nothing here asserts a speed: it only measures.
//
//   airsign-bench [--runs N] [--seconds S]
//     --runs N      timed runs per benchmark (default 7); the median and spread are over runs
//     --seconds S   target length of one run (default 0.2)
import AirsignCrypto
import Foundation

struct Options {
    var runs = 7
    var seconds = 0.2

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            let value = rest.popFirst()
            switch (flag, value.flatMap(Double.init)) {
            case ("--runs", let v?) where v >= 1: runs = Int(v)
            case ("--seconds", let v?) where v > 0: seconds = v
            default:
                FileHandle.standardError.write(Data("usage: airsign-bench [--runs N] [--seconds S]\n".utf8))
                exit(2)
            }
        }
    }
}

/// Seconds taken by `body`, on the monotonic clock.
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// Runs `operation(i)` in batches: calibrates a batch to about `seconds`, warms up, then times
/// `runs` batches and reports operations per second for each.
func measure(_ name: String, _ options: Options, details: [String: Any], _ operation: (Int) throws -> Void) rethrows {
    var batch = 1
    while true {
        let elapsed = try time { for i in 0 ..< batch { try operation(i) } }
        if elapsed >= options.seconds / 4 || batch >= 1 << 24 {
            batch = max(1, Int(Double(batch) * options.seconds / max(elapsed, 1e-9)))
            break
        }
        batch *= 2
    }
    _ = try time { for i in 0 ..< batch { try operation(i) } }  // warm-up
    var rates: [Double] = []
    for _ in 0 ..< options.runs {
        let elapsed = try time { for i in 0 ..< batch { try operation(i) } }
        rates.append(Double(batch) / elapsed)
    }
    rates.sort()
    let median = rates.count % 2 == 1 ? rates[rates.count / 2] : (rates[rates.count / 2 - 1] + rates[rates.count / 2]) / 2
    var record: [String: Any] = [
        "bench": name, "impl": "airsign", "unit": "ops/s",
        "median": median.rounded(), "min": rates[0].rounded(), "max": rates[rates.count - 1].rounded(),
        "runs": options.runs, "ops_per_run": batch, "rates": rates.map { $0.rounded() },
    ]
    #if DEBUG
    record["debug_build"] = true
    #endif
    record.merge(details) { a, _ in a }
    guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) else {
        fatalError("airsign-bench: could not encode a record")
    }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

#if DEBUG
FileHandle.standardError.write(Data("airsign-bench: this is a debug build; use `make bench` for release numbers\n".utf8))
#endif

let options = Options(Array(CommandLine.arguments.dropFirst()))

// sr25519 with Substrate's context, on 64-byte messages, over a pool of keys and messages.
let poolSize = 64
let messageLength = 64
let keys = try (0 ..< poolSize).map { _ in try Sr25519.SecretKey(miniSecret: SecureRandom.secureBytes(32)) }
let messages = (0 ..< poolSize).map { _ in SecureRandom.bytes(messageLength) }
let signatures = try (0 ..< poolSize).map { try keys[$0].sign(messages[$0]) }
let details: [String: Any] = ["message_bytes": messageLength, "context": "substrate"]

try measure("sr25519_sign", options, details: details) { i in
    _ = try keys[i % poolSize].sign(messages[i % poolSize])
}
measure("sr25519_verify", options, details: details) { i in
    let k = i % poolSize
    guard keys[k].publicKey.isValidSignature(signatures[k], message: messages[k]) else {
        fatalError("airsign-bench: a valid signature did not verify")
    }
}
