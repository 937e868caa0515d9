import Sparkles

/// The sparkles scene's settings are its parameters, kept in their own file.
extension SparkleParameters: StoredSettings {
    static let fileName = "sparkles.json"

    init() { self = .defaults }
}
