import AirsignFuzz

#if canImport(Glibc)
    import Glibc
#endif

/// One line to standard error (Glibc's `stderr` is a global Swift 6 will not touch).
private func printError(_ line: String) {
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

// Two builds of one program. The normal build (`swift build`) replays files through a target;
// `make fuzz` builds it with -DAIRSIGN_LIBFUZZER, coverage instrumentation and AddressSanitizer,
// and hands control to libFuzzer's driver with the target named by AIRSIGN_FUZZ_TARGET.

#if AIRSIGN_LIBFUZZER
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// libFuzzer calls a C function, which cannot capture the target; it is chosen once, here.
    nonisolated(unsafe) private var selected: FuzzTarget?

    @main
    struct AirsignFuzzDriver {
        static func main() {
            let name = getenv("AIRSIGN_FUZZ_TARGET").map { String(cString: $0) } ?? ""
            guard let target = FuzzTarget.named(name) else {
                printError(
                    "airsign-fuzz: set AIRSIGN_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: " "))\n"
                )
                exit(2)
            }
            selected = target
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                runDriver(&argc, &argv) { data, count in
                    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
                    do {
                        try selected?.run(input)
                    } catch {
                        printError("airsign-fuzz: property broken: \(error)\n")
                        abort()
                    }
                    return 0
                })
        }
    }
#else
    @main
    struct AirsignFuzzReplay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments == ["--list"] {
                for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
                return
            }
            if arguments.first == "--seeds", arguments.count > 2 {
                // --seeds DIR VECTOR-FILES…: one file per seed, named by its index, for `make fuzz`.
                let seeds = FuzzSeeds.fromVectorFiles(Array(arguments.dropFirst(2)))
                for (index, seed) in seeds.enumerated()
                where !FuzzInputFiles.write(seed, to: "\(arguments[1])/seed-\(index)") {
                    printError("airsign-fuzz: cannot write to \(arguments[1])\n")
                    exit(1)
                }
                print("\(seeds.count) seeds")
                return
            }
            guard let name = arguments.first, let target = FuzzTarget.named(name), arguments.count > 1 else {
                printError(
                    "usage: airsign-fuzz --list | --seeds DIR VECTOR-FILE… | TARGET FILE…  (replays inputs through a fuzz target)\n"
                )
                exit(2)
            }
            var failed = false
            for path in arguments.dropFirst() {
                guard let input = FuzzInputFiles.read(path) else {
                    printError("airsign-fuzz: cannot read \(path)\n")
                    exit(1)
                }
                do {
                    try target.run(input)
                } catch {
                    printError("airsign-fuzz: \(path): property broken: \(error)\n")
                    failed = true
                }
            }
            exit(failed ? 1 : 0)
        }
    }
#endif
