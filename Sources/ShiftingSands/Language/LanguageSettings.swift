/// The overlay's language, kept between runs (`app.json`); none stored means the desktop's
/// (`Language.preferred`).
struct LanguageSettings: StoredSettings {
    static let fileName = "app.json"
    var language: Language?

    init() {}

    init(language: Language) {
        self.language = language
    }

    func clamped() -> LanguageSettings { self }
}
