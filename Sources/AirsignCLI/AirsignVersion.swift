/// The version both binaries report with `--version`: the release number and the commit the
/// binary was built from, so a person can match a copied executable to its source and to the
/// published hashes (docs/offline-install.md).
public enum AirsignVersion {
    public static let number = "0.1.0"

    /// "0.1.0 (commit 1f0c…)" for a release build, "0.1.0 (development build)" otherwise.
    public static let string = number + " (" + (AirsignBuild.commit.map { "commit " + $0 } ?? "development build") + ")"
}
