import AirsignFiles
import Foundation

/// Runs `airsign-signer` on a pseudo-terminal as its controlling terminal, typing answers to
/// its prompts like a person would, and returns everything the terminal showed.
enum PseudoTerminal {
    struct Exchange {
        let waitFor: String
        /// What to type, given everything the terminal has shown so far.
        let respond: (String) -> String

        init(waitFor: String, type: String) {
            self.waitFor = waitFor
            self.respond = { _ in type }
        }

        init(waitFor: String, respond: @escaping (String) -> String) {
            self.waitFor = waitFor
            self.respond = respond
        }
    }

    struct Result {
        let status: Int32
        /// What appeared on the terminal (prompts, messages, and any echo).
        let screen: String
    }

    // glibc declares the pseudo-terminal calls only under _XOPEN_SOURCE, so Swift does not
    // import them; they are looked up in libc instead.
    private typealias OpenPT = @convention(c) (Int32) -> Int32
    private typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    private static func libc<F>(_ name: String, as type: F.Type) throws -> F {
        guard let symbol = dlsym(nil, name) else { throw CLITestError("libc has no \(name)") }
        return unsafeBitCast(symbol, to: type)
    }

    static func run(_ arguments: [String], home: String, _ exchanges: [Exchange]) throws -> Result {
        let openpt = try libc("posix_openpt", as: OpenPT.self)
        let grantpt = try libc("grantpt", as: OpenPT.self)
        let unlockpt = try libc("unlockpt", as: OpenPT.self)
        let ptsname = try libc("ptsname_r", as: PTSName.self)
        let master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0 else { throw CLITestError("no pseudo-terminal") }
        defer { close(master) }
        var name = [CChar](repeating: 0, count: 128)
        guard ptsname(master, &name, name.count) == 0 else { throw CLITestError("ptsname_r failed") }
        let slave = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid and without O_NOCTTY: the terminal becomes the controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID, see Signer.start
        var environment = ProcessInfo.processInfo.environment
        environment["AIRSIGN_SIGNER_HOME"] = home
        let argv = ([Signer.executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, Signer.executable, &actions, &attributes, argv, envp) == 0 else {
            throw CLITestError("posix_spawn failed")
        }

        var screen: [UInt8] = []
        func readAvailable(timeout: Int32) -> Bool {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeout) > 0 else { return false }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let got = read(master, &chunk, chunk.count)
            guard got > 0 else { return false }
            screen.append(contentsOf: chunk.prefix(got))
            return true
        }
        for exchange in exchanges {
            let deadline = Date().addingTimeInterval(30)
            var consumed = screen.count
            while !String(decoding: screen[consumed...], as: UTF8.self).contains(exchange.waitFor), Date() < deadline {
                _ = readAvailable(timeout: 100)
            }
            consumed = screen.count
            // The prompt is written just before the terminal is switched to no-echo mode;
            // typing too early would be discarded (TCSAFLUSH), as with any password prompt.
            usleep(100_000)
            let typed = exchange.respond(String(decoding: screen, as: UTF8.self))
            _ = typed.utf8.withContiguousStorageIfAvailable { write(master, $0.baseAddress, $0.count) }
        }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(30)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            _ = readAvailable(timeout: 50)
        }
        while readAvailable(timeout: 50) {}
        let low = status & 0x7f
        return Result(
            status: low == 0 ? (status >> 8) & 0xff : 128 + low, screen: String(decoding: screen, as: UTF8.self))
    }
}
