import ArgumentParser
import Foundation
import Synchronization

/// The overlay's languages, as the seed's app has them. English text is the key of every
/// catalogue (the English catalogue is the keys themselves); the others map it to their own.
enum Language: String, CaseIterable, Codable, ExpressibleByArgument {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    /// `en` or `zh-Hans` as `run --language` takes them, in any case, and the locale forms a
    /// user may type (`zh`, `zh_CN`, `english`, `chinese`).
    init?(argument: String) {
        switch argument.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "en", "english", "en-us", "en-gb": self = .english
        case "zh", "zh-hans", "zh-cn", "chinese", "simplified-chinese": self = .simplifiedChinese
        default: return nil
        }
    }

    /// The language's name in itself, as the switch lists it.
    var nativeName: String {
        switch self {
        case .english: "English"
        case .simplifiedChinese: "简体中文"
        }
    }

    var catalogue: [String: String] {
        switch self {
        case .english: [:]
        case .simplifiedChinese: SimplifiedChinese.catalogue
        }
    }

    /// The overlay's language now; changing it takes effect at the next frame.
    static var current: Language {
        get { selected.withLock { $0 } }
        set { selected.withLock { $0 = newValue } }
    }

    private static let selected = Mutex(Language.english)

    /// The language the desktop asks for (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first set): Chinese
    /// for any `zh` locale, else English.
    static func preferred(environment: [String: String] = ProcessInfo.processInfo.environment) -> Language {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return locale.hasPrefix("zh") ? .simplifiedChinese : .english
    }
}

/// `english` in the overlay's current language; the English itself where the catalogue lacks it.
func localized(_ english: String) -> String {
    Language.current.catalogue[english] ?? english
}

/// A printf-style template from the catalogue, filled in: the translation keeps the key's
/// conversions in the same order.
func localized(_ template: String, _ arguments: any CVarArg...) -> String {
    String(format: localized(template), arguments: arguments)
}
