// airsign-bench: times Airsign's primitives and prints one JSON object per benchmark on stdout.
// Run it through `make bench` (scripts/bench), which builds it in release mode and sets the
// reference implementations' numbers beside it. Nothing here asserts a speed: it only measures.
//
//   airsign-bench [--runs N] [--seconds S] [--qr-dir DIR]
//   airsign-bench --write-qr-fixtures DIR
//     --runs N      timed runs per benchmark (default 7); the median and spread are over runs
//     --seconds S   target length of one run (default 0.2)
//     --only PREFIX only the benchmarks whose name starts with PREFIX (repeatable; for a quick look)
//     --qr-dir DIR  the QR messages, frames and PNG files made by --write-qr-fixtures, which
//                   bench/reference.py reads too, so both sides work on the same bytes and files
//                   (without it: a fresh set in a temporary directory, removed at the end)
//     --write-qr-fixtures DIR   writes that set (QRBench.swift says what it holds) and exits
//     --write-substrate-fixtures DIR   writes the Substrate batch's payloads and seeds
//                   (SubstrateBench.swift) for bench/reference.py, and exits
import AirsignCrypto
import Foundation

struct Options {
    var runs = 7
    var seconds = 0.2
    var qrDir: String?
    var writeQRFixtures: String?
    var writeSubstrateFixtures: String?
    var only: [String] = []

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            let value = rest.popFirst()
            switch (flag, value.flatMap(Double.init)) {
            case ("--runs", let v?) where v >= 1: runs = Int(v)
            case ("--seconds", let v?) where v > 0: seconds = v
            case ("--qr-dir", _) where value != nil: qrDir = value
            case ("--write-qr-fixtures", _) where value != nil: writeQRFixtures = value
            case ("--write-substrate-fixtures", _) where value != nil: writeSubstrateFixtures = value
            case ("--only", _) where value != nil: only.append(value ?? "")
            default:
                FileHandle.standardError.write(
                    Data(
                        """
                        usage: airsign-bench [--runs N] [--seconds S] [--qr-dir DIR] [--only PREFIX]…
                               airsign-bench --write-qr-fixtures DIR
                               airsign-bench --write-substrate-fixtures DIR

                        """.utf8))
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
/// `runs` batches and reports operations per second for each (`unit` names the operation).
/// With `cycle` n, a batch is a whole number of passes over i = 0 ..< n (at least one), so every
/// frame of a sequence counts equally however slow one is.
func measure(
    _ name: String, _ options: Options, unit: String = "ops/s", cycle: Int = 1, details: [String: Any],
    _ operation: (Int) throws -> Void
) rethrows {
    guard options.only.isEmpty || options.only.contains(where: name.hasPrefix) else { return }
    var batch = cycle
    while true {
        let elapsed = try time { for i in 0..<batch { try operation(i) } }
        if elapsed >= options.seconds / 4 || batch >= 1 << 24 {
            let passes = Double(batch / cycle) * options.seconds / max(elapsed, 1e-9)
            batch = cycle * max(1, Int(passes.rounded()))
            break
        }
        batch *= 2
    }
    _ = try time { for i in 0..<batch { try operation(i) } }  // warm-up
    var rates: [Double] = []
    for _ in 0..<options.runs {
        let elapsed = try time { for i in 0..<batch { try operation(i) } }
        rates.append(Double(batch) / elapsed)
    }
    rates.sort()
    let median =
        rates.count % 2 == 1 ? rates[rates.count / 2] : (rates[rates.count / 2 - 1] + rates[rates.count / 2]) / 2
    var record: [String: Any] = [
        "bench": name, "impl": "airsign", "unit": unit,
        "median": rounded(median), "min": rounded(rates[0]), "max": rounded(rates[rates.count - 1]),
        "runs": options.runs, "ops_per_run": batch, "rates": rates.map(rounded),
    ]
    #if DEBUG
        record["debug_build"] = true
    #endif
    record.merge(details) { a, _ in a }
    emit(record)
}

/// Whole numbers, tenths below 1000 (a QR row runs at tens to hundreds of frames a second),
/// thousandths below 10 (a sensitive Argon2id unlock is a fraction of one a second).
func rounded(_ rate: Double) -> Double {
    rate < 10 ? (rate * 1000).rounded() / 1000 : rate < 1000 ? (rate * 10).rounded() / 10 : rate.rounded()
}

/// Prints one record as a JSON line.
func emit(_ record: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) else {
        fatalError("airsign-bench: could not encode a record")
    }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

#if DEBUG
    FileHandle.standardError.write(
        Data("airsign-bench: this is a debug build; use `make bench` for release numbers\n".utf8))
#endif

let options = Options(Array(CommandLine.arguments.dropFirst()))
if let dir = options.writeQRFixtures {
    try QRFixtures.write(to: dir)
    exit(0)
}
if let dir = options.writeSubstrateFixtures {
    try SubstrateBench.writeFixtures(to: dir)
    exit(0)
}

// sr25519 with Substrate's context, on 64-byte messages, over a pool of keys and messages.
let poolSize = 64
let messageLength = 64
let keys = try (0..<poolSize).map { _ in try Sr25519.SecretKey(miniSecret: SecureRandom.secureBytes(32)) }
let messages = (0..<poolSize).map { _ in SecureRandom.bytes(messageLength) }
let signatures = try (0..<poolSize).map { try keys[$0].sign(messages[$0]) }
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

// Substrate: 10,000 payloads reviewed and signed in one batch, sr25519 and ed25519.
try SubstrateBench.run(options)

// QR transport: encode+PNG and scan per frame, and the fountain code's overhead under loss.
try QRBench.run(options)

// Ethereum: the bare Keccak + libsecp256k1 signing loop (bench/ethereum.py times the batch).
try EthereumBench.run(options)

// ICP: the bare SHA-256 + libsecp256k1 signing loop (bench/icp.py times the batch).
try ICPBench.run(options)
// ICP: one certificate verified as the watch does (bench/icp_certificate.py is the reference).
try ICPCertificateBench.run(options)

// Stellar: the bare SHA-256 + Ed25519 signing loop (bench/stellar.py times the batch).
try StellarBench.run(options)

// Keystore: Argon2id per preset, bare and as a whole unlock of one key.
try KeystoreBench.run(options)

// BLS12-381: one IC certificate signature check (bench/bls.py times blspy beside it).
try BLSBench.run(options)
