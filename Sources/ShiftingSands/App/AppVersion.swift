/// The version `--version` prints and benchmark reports carry.
enum AppVersion {
    static let current = "0.4.0"
}
