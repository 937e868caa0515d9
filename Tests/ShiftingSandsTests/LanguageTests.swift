import Foundation
import GLTestSupport
import SandSim
import Sparkles
import Testing
import Titanium
import Waves
@testable import ShiftingSands

@Suite("Languages", .serialized)
struct LanguageTests {
    static let sources = Checkout.folder.appendingPathComponent("Sources/ShiftingSands")

    /// Every string literal handed to `localized(…)` as its first argument in the app's sources
    /// (both sides of a `cond ? "a" : "b"` included).
    static func literalsPassedToLocalized() throws -> Set<String> {
        var found = Set<String>()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
        for file in files where file.pathExtension == "swift" && !file.path.contains("/Language/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for call in text.matches(of: /localized\((?:[\w. *<>]+\?\s*)?"((?:[^"\\]|\\.)*)"(?:\s*:\s*"((?:[^"\\]|\\.)*)")?/) {
                found.insert(String(call.output.1))
                if let other = call.output.2 { found.insert(String(other)) }
            }
        }
        return found
    }

    /// The labels the overlays take from tables (the scenes' keys, parameter tables, names).
    static var tableLabels: Set<String> {
        var labels = Set<String>()
        let keys = HourglassScene.keys + WavesScene.keys + SparklesScene.keys + TitaniumScene.keys + AppShell.keys
        // Key caps stay as printed on the keyboard.
        labels.formUnion(keys.map(\.0).filter { $0.wholeMatch(of: /[A-Z0-9 ]{1,5}|F\d+|Tab|Esc/) == nil })
        labels.formUnion(keys.map(\.1))
        labels.formUnion(SceneKind.allCases.map(\.title))
        labels.formUnion(PhysicsMode.allCases.map(\.displayName).filter { $0 != $0.uppercased() })
        labels.formUnion([TimerPhase.resting, .flipping, .running, .complete].map { HourglassOverlay.phaseLabel($0) })
        labels.insert(HourglassOverlay.phaseLabel(.flipping, held: true))
        labels.insert(HourglassOverlay.phaseLabel(.flipping, swingingBack: true))
        labels.formUnion(WaveParameters.sliders.map(\.label) + ["deep", "shallow", "sky"])
        labels.formUnion(SparkleParameters.sliders.map(\.group) + SparkleParameters.sliders.flatMap(\.sliders).map(\.label))
        labels.formUnion(SparkleParameters.colours.map(\.label))
        labels.formUnion(TitaniumParameters.sliders.map(\.group) + TitaniumParameters.sliders.flatMap(\.sliders).map(\.label))
        labels.formUnion(TitaniumParameters.toggles.map(\.label) + TitaniumTheme.all.map(\.name))
        return labels
    }

    @Test("every line the overlays show has a Simplified Chinese entry, and the catalogue holds nothing else")
    func catalogueComplete() throws {
        let literals = try Self.literalsPassedToLocalized()
        #expect(literals.count > 30, "the scan of the sources found the overlay's strings: \(literals.count)")
        let shown = literals.union(Self.tableLabels)
        let catalogue = Set(SimplifiedChinese.catalogue.keys)
        #expect(shown.subtracting(catalogue).sorted() == [], "shown but not translated")
        #expect(catalogue.subtracting(shown).sorted() == [], "translated but never shown")
    }

    @Test("each translation keeps its English template's conversions, in order")
    func templatesKeepTheirConversions() {
        func conversions(_ text: String) -> [String] {
            text.matches(of: /%[-+ 0#]*\d*(?:\.\d+)?(?:ld|d|f|g|@|s|%)/).map { String($0.output) }
        }
        for (english, chinese) in SimplifiedChinese.catalogue {
            #expect(conversions(english) == conversions(chinese), "\(english) → \(chinese)")
        }
    }

    @Test("no two controls of one panel share a label in Chinese (Dear ImGui tells controls apart by label)")
    func labelsStayDistinct() {
        Language.current = .simplifiedChinese
        defer { Language.current = .english }
        var panels: [[String]] = [WaveParameters.sliders.map(\.label) + ["deep", "shallow", "sky", "Defaults"]]
        for group in SparkleParameters.sliders {
            panels.append(SparkleParameters.sliders.map(\.group) + group.sliders.map(\.label) + SparkleParameters.colours.map(\.label) + ["Count", "Defaults"])
        }
        for group in TitaniumParameters.sliders {
            panels.append(TitaniumParameters.sliders.map(\.group) + group.sliders.map(\.label) + TitaniumParameters.toggles.map(\.label)
                          + TitaniumTheme.all.map(\.name) + ["Defaults"])
        }
        for panel in panels {
            let shown = panel.map { localized($0) }
            #expect(Set(shown).count == shown.count, "\(shown)")
        }
    }

    @Test("lookups follow the current language, and fall back to the English")
    func lookup() {
        #expect(localized("Defaults") == "Defaults")
        Language.current = .simplifiedChinese
        defer { Language.current = .english }
        #expect(localized("Defaults") == "恢复默认")
        #expect(localized("%@ grains · %@", NumberText.whole(10_000), "CPU") == "10,000 粒沙 · CPU")
        #expect(localized("not in any catalogue") == "not in any catalogue")
    }

    @Test("with nothing stored, the language is the desktop's", arguments: [
        (["LANG": "zh_CN.UTF-8"], Language.simplifiedChinese), (["LANG": "en_GB.UTF-8"], .english), ([:], .english),
        (["LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"], .simplifiedChinese), (["LC_ALL": "", "LANG": "zh_CN"], .simplifiedChinese),
    ])
    func preferred(environment: [String: String], expected: Language) {
        #expect(Language.preferred(environment: environment) == expected)
    }

    @Test("the language picked is kept in app.json")
    func stored() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sands-config-\(UUID().uuidString)")
        let store = SettingsStore<ShellSettings>.standard(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(store.load().language == nil)
        store.save(ShellSettings(language: .simplifiedChinese))
        #expect(store.load().language == .simplifiedChinese)
        #expect(try String(contentsOf: store.url, encoding: .utf8).contains("\"zh-Hans\""))
        #expect(store.url.lastPathComponent == "app.json")
    }
}
