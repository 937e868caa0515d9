/// Whether this binary is a debug or a release build, for reports and the bench's guard.
enum BuildConfiguration {
    #if DEBUG
    static let name = "debug"
    #else
    static let name = "release"
    #endif
}
