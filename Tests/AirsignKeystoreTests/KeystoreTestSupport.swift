import AirsignCrypto
import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Foundation
import Synchronization
import Testing

@testable import AirsignKeystore

/// Argon2id at libsodium's minimum, so tests that derive hundreds of keys stay fast. The presets
/// themselves are exercised by the CLI tests (`--kdf interactive`).
let testLimits = Argon2id.Limits(opsLimit: 1, memLimit: 8192)

/// A fresh private directory, removed when released. It is on /dev/shm when there is one: the
/// crash tests sync thousands of files, which tmpfs makes free, and durability on a real disk is
/// not what they test.
final class TemporaryDirectory: Sendable {
    let path: String

    init() {
        var isDirectory: ObjCBool = false
        let base =
            FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
            ? "/dev/shm/" : NSTemporaryDirectory()
        path = base + "airsign-keystore-test-" + UUID().uuidString
        precondition(mkdir(path, 0o700) == 0, "cannot create \(path)")
    }

    /// A keystore home inside this directory (not yet created).
    var home: String { path + "/home" }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A clock the test controls: `sleep` records the wait and moves time forward instead of blocking.
final class FakeClock: PINClock {
    struct State {
        var reading: ClockReading
        var sleeps: [Int] = []
    }
    let state: Mutex<State>

    init(wall: Int64 = 1_750_000_000, boot: String = "boot-1", sinceBoot: Int64 = 1000) {
        state = Mutex(State(reading: ClockReading(wallSeconds: wall, bootID: boot, secondsSinceBoot: sinceBoot)))
    }

    func now() -> ClockReading { state.withLock { $0.reading } }

    func sleep(seconds: Int) {
        state.withLock {
            $0.sleeps.append(seconds)
            $0.reading.wallSeconds += Int64(seconds)
            $0.reading.secondsSinceBoot += Int64(seconds)
        }
    }

    func advance(_ seconds: Int64) {
        state.withLock {
            $0.reading.wallSeconds += seconds
            $0.reading.secondsSinceBoot += seconds
        }
    }

    /// A reboot: new boot ID, boot clock restarted at `uptime`, wall clock moved by `wallDelta`.
    func reboot(uptime: Int64, wallDelta: Int64) {
        state.withLock {
            $0.reading.bootID += "+"
            $0.reading.secondsSinceBoot = uptime
            $0.reading.wallSeconds += wallDelta
        }
    }

    var sleeps: [Int] { state.withLock { $0.sleeps } }
}

let oldPIN = "correct horse 4711"
let newPIN = "battery staple 0815"
/// Marker bytes that must never appear in any output or error text.
let secretMarker = "SECRET-MARKER-9f2c7e"

/// A payload whose bytes are easy to grep for.
func testPayload(_ tag: String = "a") throws -> SecretPayload {
    try SecretPayload(kind: "test-seed", bytes: secret("\(secretMarker)-\(tag)"))
}

func testMetadata(_ name: String, accounts: Int = 1) throws -> KeyMetadata {
    let records = (0..<accounts).map { index in
        Account(
            chain: .ethereum, scheme: .secp256k1, path: "m/44'/60'/0'/0/\(index)",
            publicKey: [0x04] + [UInt8](repeating: UInt8(index), count: 64),
            address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda9\(index % 10)", network: "eip155:1")
    }
    return try KeyMetadata(
        name: try KeyName(name), kind: "test-seed", accounts: records, created: "2025-06-15T12:00:00Z")
}

/// An initialized keystore with the given keys (payload tag = key name), cheap limits.
func makeKeystore(
    in dir: TemporaryDirectory, keys: [String] = ["alpha", "beta"], clock: FakeClock = FakeClock(),
    faults: FaultHook = .none
) throws -> Keystore {
    let store = Keystore(directory: dir.home, clock: clock, faults: faults)
    try store.initialize(pin: secret(oldPIN), limits: testLimits)
    for name in keys {
        try store.add(try testPayload(name), metadata: try testMetadata(name), pin: secret(oldPIN))
    }
    return store
}

/// The text of a secret's bytes, for comparisons in tests only.
func text(of bytes: SecureBytes) -> String {
    bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
}

/// Bytes of a file, or nil.
func readFile(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    // Keeps the mode: the tests change contents, not permissions.
    let fd = open(path, O_WRONLY | O_TRUNC)
    precondition(fd >= 0, "cannot open \(path)")
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// Which of the two test PINs open every file of a keystore made by `makeKeystore`, each secret intact.
func pinsThatOpenEverything(_ dir: TemporaryDirectory) -> [String] {
    let store = Keystore(directory: dir.home, clock: FakeClock())
    return [oldPIN, newPIN].filter { pin in
        guard let names = try? store.check(pin: secret(pin)), names.map(\.value) == ["alpha", "beta"] else {
            return false
        }
        return names.allSatisfy { name in
            (try? store.secret(of: name, pin: secret(pin))).map { text(of: $0.bytes) } == "\(secretMarker)-\(name)"
        }
    }
}

/// After a keystore operation (which recovers), only the keystore's own files are left.
func expectNoLeftovers(_ dir: TemporaryDirectory, _ context: String) {
    #expect(directoryNames(dir.home) == [".lock", "keys", "pin-check.json", "pin-state.json"], "\(context)")
    #expect(directoryNames(dir.home + "/keys") == ["alpha.json", "beta.json"], "\(context)")
}
