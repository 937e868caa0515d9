/// What the window keeps for every scene between runs (`app.json`): the overlay's language (none
/// stored means the desktop's, `Language.preferred`), the frame-rate cap, and what this
/// machine's renderer was measured to cost (`MachineFit`).
struct ShellSettings: StoredSettings {
    static let fileName = "app.json"
    var language: Language?
    /// Frames a second at most, to spare the processor; nil: as many as the display allows.
    var fpsCap: Int?
    /// Measured at the first start on a renderer; measured again on another.
    var machineFit: MachineFit?

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
