// swift-tools-version:6.0
import PackageDescription

// Module order follows the data: C shims → crypto → encoding → (keys, messages, chains,
// transport) → CLI. Encoding sits above crypto because its checksummed formats (base58check,
// and later SS58) need hashes from it.
let package = Package(
    name: "Airsign",
    products: [
        .executable(name: "airsign-watch", targets: ["airsign-watch"]),
        .executable(name: "airsign-signer", targets: ["airsign-signer"]),
        .library(name: "AirsignCrypto", targets: ["AirsignCrypto"]),
        .library(name: "AirsignEncoding", targets: ["AirsignEncoding"]),
        .library(name: "AirsignKeys", targets: ["AirsignKeys"]),
        .library(name: "AirsignKeystore", targets: ["AirsignKeystore"]),
        .library(name: "AirsignFiles", targets: ["AirsignFiles"]),
        .library(name: "AirsignTransport", targets: ["AirsignTransport"]),
        .library(name: "AirsignStellar", targets: ["AirsignStellar"]),
        .library(name: "AirsignEthereum", targets: ["AirsignEthereum"]),
        .library(name: "AirsignSubstrate", targets: ["AirsignSubstrate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Exact integer amounts: uint256 values, fees, EIP-712 integers, batch totals.
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
    ],
    targets: [
        // System libraries from Debian; each directory holds only a module map and a shim header.
        // Every C library Debian ships as an archive (.a) is linked statically, by the target
        // that wraps it (linkerSettings below), so neither program needs them installed: the
        // offline signer is one file. libqrencode has no archive in Debian: it stays shared
        // (it needs libc only). No pkg-config: it would add the shared libraries.
        .systemLibrary(name: "CSodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CSecp256k1", providers: [.apt(["libsecp256k1-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CZBar", providers: [.apt(["libzbar-dev", "libv4l-dev", "libjpeg-dev"])]),
        .systemLibrary(name: "CPNG", providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // RaptorQ (RFC 6330) decoding of Vault-style UOS frames; Debian ships liblcrq shared only
        // (it needs nothing but libc).
        .systemLibrary(name: "CLCRQ", providers: [.apt(["liblcrq-dev"])]),
        // Completes libzbar.a's link without libdbus-1 (see no_dbus.c): C, and nothing else.
        .target(name: "CZBarNoDBus"),

        .target(
            name: "AirsignCrypto", dependencies: ["CSodium", "CSecp256k1", "CLCRQ"],
            linkerSettings: [
                .linkedLibrary(":libsodium.a"), .linkedLibrary(":libsecp256k1.a"),
            ]),
        .target(name: "AirsignEncoding", dependencies: ["AirsignCrypto"]),
        // BLS12-381 (pure Swift, no networking): verifies the IC's certificate signatures, for
        // the watch's reads and for the signer's check of a certified ICRC-21 consent message.
        .target(name: "AirsignBLS12381", dependencies: ["AirsignCrypto"]),
        .target(name: "AirsignKeys", dependencies: ["AirsignCrypto", "AirsignEncoding"]),
        // Unicode security (UTS #39 confusable skeletons, scripts and restriction levels) and
        // normalization on the Unicode 15.0 tables that scripts/gen-unicode-security writes: what
        // keeps a contact's name from passing for another's.
        .target(name: "AirsignUnicode"),
        // Careful file writes (temp file, fsync, rename, fsync dir) and the POSIX calls under them,
        // shared by the keystore, the watch's store and every command that writes output.
        .target(name: "AirsignFiles"),
        // The exchange format: account descriptors, sign requests and responses, batches, and the
        // interface every chain module implements.
        .target(
            name: "AirsignMessages",
            dependencies: [
                "AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignUnicode",
                .product(name: "BigInt", package: "BigInt"),
            ]),
        // The production chain registry: every real chain module, and nothing else (tests bring
        // their own). Chain modules depend on AirsignMessages, never on each other.
        .target(
            name: "AirsignChains",
            dependencies: [
                "AirsignMessages", "AirsignEncoding", "AirsignKeys", "AirsignEthereum", "AirsignStellar",
                "AirsignSubstrate", "AirsignICP",
            ]),
        // A chain is one folder, Sources/Chains/<Chain>/, with the same layout for all four:
        //   Signer/  the chain module the signer links (Codec/, Review/, Sign/, Chain.swift,
        //            Errors.swift): strict encode/decode, what the person sees, signing. No
        //            networking.
        //   Online/  what only the watch links (Build/, RPC/, Finalize/, Submit/, Commands/):
        //            request builders, the node client, response verification, broadcast, and
        //            the `airsign-watch <chain>` commands.
        // The signer's trust boundary is its targets' paths: nothing under Online/ (checked by
        // Tests/interop/test_link_map.py).

        // Stellar: the transaction envelope XDR model, network ids and signing, amounts, review
        // data and SEP-7 URIs.
        .target(
            name: "AirsignStellar",
            dependencies: [
                "AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignMessages",
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Sources/Chains/Stellar/Signer"),
        .target(
            name: "AirsignStellarOnline",
            dependencies: [
                "AirsignStellar", "AirsignWatch", "AirsignOnline", "AirsignCLI", "AirsignMessages", "AirsignEncoding",
                "AirsignCrypto",
                "AirsignKeys", "AirsignTransport", "AirsignFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Sources/Chains/Stellar/Online"),
        // The watch's network transport: HTTP and JSON-RPC framing, for every chain's RPC client.
        // Only airsign-watch reaches it (Tests/interop/test_link_map.py checks the signer cannot).
        .target(name: "AirsignOnline", dependencies: ["AirsignEncoding", .product(name: "BigInt", package: "BigInt")]),
        // airsign-watch's generic part: watch-only accounts, the request store, the issuer (which
        // reviews every request with the signer's own chain modules before storing it) and the
        // finalizer dispatch. Never linked by the signer.
        .target(
            name: "AirsignWatch",
            dependencies: [
                "AirsignMessages", "AirsignChains", "AirsignCLI", "AirsignKeys", "AirsignEncoding", "AirsignCrypto",
                "AirsignFiles",
                "AirsignTransport", "AirsignOnline", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The watch's chain table: each chain's command group and finalizer, one line a chain.
        .target(
            name: "AirsignWatchChains",
            dependencies: [
                "AirsignWatch", "AirsignEthereumOnline", "AirsignStellarOnline", "AirsignSubstrateOnline",
                "AirsignICPOnline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Ethereum transactions (legacy/EIP-155, EIP-2930, EIP-1559), EIP-191 and EIP-712 messages,
        // review summaries, amounts and the token list.
        .target(
            name: "AirsignEthereum",
            dependencies: [
                "AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignMessages", "AirsignUnicode",
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Sources/Chains/Ethereum/Signer"),
        .target(
            name: "AirsignEthereumOnline",
            dependencies: [
                "AirsignEthereum", "AirsignWatch", "AirsignOnline", "AirsignCLI", "AirsignMessages", "AirsignEncoding",
                "AirsignCrypto",
                "AirsignKeys", "AirsignTransport", "AirsignFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Sources/Chains/Ethereum/Online"),
        // Substrate: polkadot-js SignerPayloadJSON → signing payload by the runtime table's signed
        // extensions, eras, v4 extrinsics, MultiSignature, review of known calls, metadata V14/V15.
        .target(
            name: "AirsignSubstrate",
            dependencies: [
                "AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignMessages",
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Sources/Chains/Substrate/Signer"),
        .target(
            name: "AirsignSubstrateOnline",
            dependencies: [
                "AirsignSubstrate", "AirsignWatch", "AirsignOnline", "AirsignCLI", "AirsignMessages", "AirsignEncoding",
                "AirsignCrypto",
                "AirsignKeys", "AirsignTransport", "AirsignFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Sources/Chains/Substrate/Online"),
        // Candid (the Internet Computer's interface language): the binary format's encoder and
        // bounded decoder, `.did` and value text, subtyping and coercion. Only ICP uses it, but it
        // is no chain module: a codec with its own errors (CandidError), linked by both programs
        // through AirsignICP. Outside Sources/Chains, whose chain folders hold Signer/ and Online/
        // only.
        .target(name: "AirsignCandid", dependencies: ["AirsignEncoding", .product(name: "BigInt", package: "BigInt")]),
        // Internet Computer: principals and accounts, request ids, CBOR envelopes, the ICP ledger
        // and ICRC-1 transfers, the built-in interfaces and review of calls, quill's message JSON,
        // certificates and their verification (ICRC-21 consent messages).
        .target(
            name: "AirsignICP",
            dependencies: [
                "AirsignBLS12381", "AirsignCandid", "AirsignCrypto", "AirsignEncoding", "AirsignKeys",
                "AirsignMessages",
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Sources/Chains/ICP/Signer"),
        .target(
            name: "AirsignICPOnline",
            dependencies: [
                "AirsignICP", "AirsignCandid", "AirsignWatch", "AirsignOnline", "AirsignCLI", "AirsignMessages",
                "AirsignEncoding", "AirsignCrypto",
                "AirsignKeys", "AirsignTransport", "AirsignFiles", "AirsignBLS12381",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Sources/Chains/ICP/Online"),
        // The PIN-encrypted keystore: only airsign-signer links it.
        .target(
            name: "AirsignKeystore", dependencies: ["AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignFiles"]),
        // QR, PNG/GIF/HTML/terminal frames, BC-UR fountain codes, scanning. No networking: the
        // signer links it.
        .target(
            name: "AirsignTransport",
            dependencies: [
                "AirsignCrypto", "AirsignEncoding", "AirsignFiles", "AirsignMessages", "CQREncode", "CZBar",
                "CZBarNoDBus", "CPNG", "CGif",
            ],
            linkerSettings: [
                // libzbar statically, so only the scanner and V4L2 video objects we call come in:
                // the shared library also links libX11, libxcb and libdbus, which open sockets, and
                // the offline signer links nothing that does (docs/architecture.md, "The trust
                // boundary"). Archives in dependency order: what an archive needs comes after it.
                .linkedLibrary(":libzbar.a"), .linkedLibrary(":libv4l2.a"), .linkedLibrary(":libv4lconvert.a"),
                .linkedLibrary(":libjpeg.a"), .linkedLibrary(":libpng.a"), .linkedLibrary(":libgif.a"),
                .linkedLibrary(":libz.a"),
                .linkedLibrary("m"),
            ]),
        // What both programs share: exit codes, error reporting, terminal and file input, qr.
        .target(
            name: "AirsignCLI",
            dependencies: [
                "AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignFiles", "AirsignMessages",
                "AirsignTransport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The signer's command logic (keystore, PIN entry, keys), reachable from tests.
        .target(
            name: "AirsignSignerCLI",
            dependencies: [
                "AirsignCLI", "AirsignKeystore", "AirsignKeys", "AirsignMessages", "AirsignChains", "AirsignCrypto",
                "AirsignEncoding", "AirsignFiles",
                "AirsignTransport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // A chain's part of the signer's commands beside its chain module (Ethereum's
        // `descriptor`, the chains' parts of `token`): Sources/Chains/<Chain>/SignerCommands, on
        // AirsignSignerCLI's knowledge store; AirsignSignerChains is their table, as
        // AirsignWatchChains is the watch's. Inside the signer's trust boundary.
        .target(
            name: "AirsignEthereumSignerCommands",
            dependencies: [
                "AirsignSignerCLI", "AirsignEthereum", "AirsignMessages", "AirsignEncoding", "AirsignCLI",
                "AirsignKeys", "AirsignKeystore", "AirsignTransport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "Sources/Chains/Ethereum/SignerCommands"),
        .target(
            name: "AirsignStellarSignerCommands",
            dependencies: [
                "AirsignSignerCLI", "AirsignStellar", "AirsignMessages", "AirsignEncoding",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "Sources/Chains/Stellar/SignerCommands"),
        .target(
            name: "AirsignSubstrateSignerCommands",
            dependencies: [
                "AirsignSignerCLI", "AirsignSubstrate", "AirsignChains", "AirsignKeys", "AirsignCLI",
                "AirsignTransport",
            ], path: "Sources/Chains/Substrate/SignerCommands"),
        .target(
            name: "AirsignSignerChains",
            dependencies: [
                "AirsignSignerCLI", "AirsignEthereumSignerCommands", "AirsignStellarSignerCommands",
                "AirsignSubstrateSignerCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .executableTarget(
            name: "airsign-watch",
            dependencies: [
                "AirsignCLI", "AirsignWatch", "AirsignWatchChains", "AirsignMessages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "AirsignOnline", "AirsignEncoding",
            ]),
        // The offline signer: nothing it depends on may link networking (checked by
        // Tests/interop/test_link_map.py).
        .executableTarget(
            name: "airsign-signer",
            dependencies: [
                "AirsignCLI", "AirsignSignerCLI", "AirsignSignerChains", "AirsignKeystore", "AirsignKeys",
                "AirsignMessages", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Test-only: answers JSON-lines requests so the interop suite can cross-check our
        // primitives and codecs against reference libraries in one process.
        .executableTarget(
            name: "airsign-testkit",
            dependencies: [
                "AirsignCrypto", "AirsignUnicode", "AirsignEncoding", "AirsignKeys", "AirsignFiles",
                "AirsignTransport", "AirsignStellar", "AirsignEthereum", "AirsignSubstrate", "AirsignICP",
                "AirsignCandid", "AirsignMessages", "AirsignChains",
                "AirsignBLS12381", .product(name: "BigInt", package: "BigInt"),
            ]),
        // Fuzz targets for every decoder of untrusted input (test-only). `airsign-fuzz` replays
        // files through them; `make fuzz` builds it with libFuzzer and AddressSanitizer.
        .target(
            name: "AirsignFuzz",
            dependencies: [
                "AirsignEncoding", "AirsignUnicode", "AirsignMessages", "AirsignChains", "AirsignKeystore",
                "AirsignSignerCLI",
                "AirsignTransport",
                "AirsignEthereum", "AirsignEthereumOnline", "AirsignStellar", "AirsignSubstrate", "AirsignICP",
                "AirsignCandid", "AirsignOnline", "AirsignICPOnline", "AirsignKeys", "AirsignCrypto",
                "AirsignBLS12381", .product(name: "BigInt", package: "BigInt"),
            ]),
        .executableTarget(name: "airsign-fuzz", dependencies: ["AirsignFuzz"]),
        // Benchmarks (`make bench` builds it in release mode): JSON lines of operations (or QR frames)
        // per second, and the fountain code's frames-needed ratios.
        .executableTarget(
            name: "airsign-bench",
            dependencies: [
                "AirsignCrypto", "AirsignTransport", "AirsignSubstrate", "AirsignSubstrateOnline", "AirsignMessages",
                "AirsignEncoding", "AirsignKeys",
                "AirsignKeystore", "AirsignBLS12381", "AirsignICP", "AirsignICPOnline",
            ]),

        .target(name: "AirsignTestSupport", dependencies: ["AirsignCrypto"], path: "Tests/AirsignTestSupport"),
        .testTarget(
            name: "AirsignCryptoTests",
            dependencies: ["AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignTestSupport"]),
        .testTarget(name: "AirsignBLS12381Tests", dependencies: ["AirsignBLS12381", "AirsignTestSupport"]),
        .testTarget(name: "AirsignUnicodeTests", dependencies: ["AirsignUnicode"]),
        .testTarget(name: "AirsignEncodingTests", dependencies: ["AirsignEncoding", "AirsignTestSupport"]),
        .testTarget(
            name: "AirsignKeysTests",
            dependencies: ["AirsignKeys", "AirsignChains", "AirsignCrypto", "AirsignEncoding", "AirsignTestSupport"]),
        .testTarget(
            name: "AirsignKeystoreTests",
            dependencies: [
                "AirsignKeystore", "AirsignFiles", "AirsignKeys", "AirsignCrypto", "AirsignEncoding",
                "AirsignTestSupport",
            ]),
        .testTarget(
            name: "AirsignTransportTests",
            dependencies: [
                "AirsignTransport", "AirsignCrypto", "AirsignEncoding", "AirsignMessages", "AirsignTestSupport",
            ]),
        // A chain that exists only in tests (Ed25519 over a trivial encoding), to drive the
        // pipeline end to end; the production registry never contains it.
        .target(
            name: "AirsignTestChain",
            dependencies: [
                "AirsignMessages", "AirsignChains", "AirsignWatch", "AirsignTestSupport", "AirsignCrypto",
                "AirsignEncoding",
                "AirsignKeys", .product(name: "BigInt", package: "BigInt"),
            ], path: "Tests/AirsignTestChain"),
        .testTarget(
            name: "AirsignSignerCLITests",
            dependencies: [
                "AirsignSignerCLI", "AirsignEthereumSignerCommands", "AirsignStellarSignerCommands", "AirsignTestChain",
                "AirsignMessages", "AirsignChains", "AirsignKeystore",
                "AirsignFiles", "AirsignTransport",
                "AirsignKeys", "AirsignCrypto", "AirsignEncoding", "AirsignTestSupport",
                .product(name: "BigInt", package: "BigInt"),
                "AirsignStellar",
            ]),
        .testTarget(
            name: "AirsignMessagesTests",
            dependencies: [
                "AirsignMessages", "AirsignChains", "AirsignTestChain", "AirsignKeys", "AirsignEncoding",
                "AirsignCrypto", "AirsignTestSupport",
                .product(name: "BigInt", package: "BigInt"),
            ]),
        .testTarget(
            name: "AirsignWatchTests",
            dependencies: [
                "AirsignWatch", "AirsignWatchChains", "AirsignMessages", "AirsignTestChain", "AirsignKeys",
                "AirsignEncoding", "AirsignCrypto", "AirsignFiles",
                "AirsignTestSupport", "AirsignStellar", "AirsignStellarOnline", "AirsignSubstrate",
                "AirsignSubstrateOnline", "AirsignOnline",
                .product(name: "BigInt", package: "BigInt"),
            ]),
        // One test target a chain, beside its folder: Tests/Chains/<Chain>/Signer and Online.
        .testTarget(
            name: "AirsignStellarTests",
            dependencies: [
                "AirsignStellar", "AirsignStellarOnline", "AirsignMessages", "AirsignChains", "AirsignWatch",
                "AirsignOnline", "AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignFiles",
                "AirsignTestSupport", "AirsignTestChain",
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Tests/Chains/Stellar"),
        .testTarget(
            name: "AirsignEthereumTests",
            dependencies: [
                "AirsignEthereum", "AirsignEthereumOnline", "AirsignMessages", "AirsignChains", "AirsignWatch",
                "AirsignOnline", "AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignFiles",
                "AirsignTestSupport", "AirsignTestChain", "AirsignTransport",
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Tests/Chains/Ethereum"),
        .testTarget(name: "AirsignFuzzTests", dependencies: ["AirsignFuzz", "AirsignTestSupport"]),
        .testTarget(
            name: "AirsignSubstrateTests",
            dependencies: [
                "AirsignSubstrate", "AirsignSubstrateOnline", "AirsignMessages", "AirsignChains", "AirsignWatch",
                "AirsignOnline", "AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignFiles",
                "AirsignTestSupport", "AirsignTestChain",
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Tests/Chains/Substrate"),
        .testTarget(
            name: "AirsignICPTests",
            dependencies: [
                "AirsignICP", "AirsignICPOnline", "AirsignCandid", "AirsignMessages", "AirsignChains", "AirsignWatch",
                "AirsignOnline", "AirsignCrypto", "AirsignEncoding", "AirsignKeys", "AirsignFiles",
                "AirsignTestSupport", "AirsignTestChain",
                .product(name: "BigInt", package: "BigInt"),
            ], path: "Tests/Chains/ICP"),
        .testTarget(name: "SystemLibraryTests", dependencies: ["CQREncode", "CZBar", "CPNG", "AirsignTransport"]),
    ]
)
