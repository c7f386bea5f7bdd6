/// What the build knows about its source. `scripts/release` rewrites this file in the exported
/// tree it builds from (never in the repository), setting the commit; any other build has none.
enum AirsignBuild {
    static let commit: String? = nil
}
