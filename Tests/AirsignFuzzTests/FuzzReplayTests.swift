import AirsignFuzz
import AirsignTestSupport
import Foundation
import Testing

/// Replays what the fuzzers found (`Tests/fuzz-corpus/<target>/`: every crash, hang or broken
/// property, kept after its fix) and the seeds made from the vectors through every target, so
/// a regression shows up in `swift test` without running a fuzzer.
@Suite struct FuzzReplayTests {
    static let corpus = Vectors.directory.deletingLastPathComponent().appendingPathComponent("Tests/fuzz-corpus")

    @Test func everyCorpusDirectoryNamesATarget() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        for name in names where !name.hasPrefix(".") && name != "README.md" {
            #expect(FuzzTarget.named(name) != nil, "Tests/fuzz-corpus/\(name) is not a fuzz target")
        }
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func regressionCorpusReplays(_ name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        for path in FuzzInputFiles.files(in: Self.corpus.appendingPathComponent(name).path) {
            let input = try #require(FuzzInputFiles.read(path))
            #expect(throws: Never.self, "\(path)") { try target.run(input) }
        }
    }

    /// Read once for every target: the vector files hold thousands of strings.
    static let seeds: [[UInt8]] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Vectors.directory.path)) ?? []
        return FuzzSeeds.fromVectorFiles(
            names.filter { $0.hasSuffix(".json") }.map { Vectors.directory.appendingPathComponent($0).path })
    }()

    @Test func vectorSeedsCoverEveryFormat() throws {
        let seeds = Self.seeds
        // Hundreds of published encodings, not a handful: the seed step must find them.
        #expect(seeds.count > 1000, "only \(seeds.count) seeds from vectors/")
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func vectorSeedsKeepEveryProperty(_ name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        for seed in Self.seeds {
            #expect(throws: Never.self, "\(testHex(seed.prefix(64)))") { try target.run(seed) }
        }
    }
}
