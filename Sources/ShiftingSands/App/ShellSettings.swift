/// What the window keeps for every scene between runs (`app.json`): the overlay's language (none
/// stored means the desktop's, `Language.preferred`) and the frame-rate cap.
struct ShellSettings: StoredSettings {
    static let fileName = "app.json"
    var language: Language?
    /// Frames a second at most, to spare the processor; nil: as many as the display allows.
    var fpsCap: Int?

    static let fpsCapRange = 1...240
    /// The caps the readout offers.
    static let fpsCapChoices = [5, 10, 15, 30, 60]

    init() {}

    init(language: Language?, fpsCap: Int? = nil) {
        self.language = language
        self.fpsCap = fpsCap
    }

    func clamped() -> ShellSettings {
        var result = self
        result.fpsCap = fpsCap.map { min(max($0, Self.fpsCapRange.lowerBound), Self.fpsCapRange.upperBound) }
        return result
    }
}
