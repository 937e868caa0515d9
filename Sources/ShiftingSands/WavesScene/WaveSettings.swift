import Waves

/// The wave pool's settings are its parameters, kept in their own file.
extension WaveParameters: StoredSettings {
    static let fileName = "waves.json"

    init() { self = .defaults }
}
