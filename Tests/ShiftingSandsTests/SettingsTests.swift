import Foundation
import SandSim
import Waves
import Testing
@testable import ShiftingSands

@Suite("Settings")
struct SettingsTests {
    func temporaryStore() throws -> SettingsStore<HourglassSettings> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sands-config-\(UUID().uuidString)")
        return SettingsStore<HourglassSettings>.standard(environment: ["XDG_CONFIG_HOME": folder.path])
    }

    @Test("a relative XDG_CONFIG_HOME is ignored, as the XDG spec says: settings go under ~/.config")
    func relativeConfigHome() {
        let store = SettingsStore<HourglassSettings>.standard(environment: ["XDG_CONFIG_HOME": "relative/config", "HOME": "/home/someone"])
        #expect(store.url.path == "/home/someone/.config/shifting-sands/\(HourglassSettings.fileName)")
    }

    /// Foundation's own words were "The operation could not be completed. (NSCocoaErrorDomain
    /// error 512.)", and a folder in the file's place was read without a word.
    @Test("settings that cannot be read or saved say why in the app's words: a folder in the file's place, a file in the folder's")
    func unsavable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sands-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shifting-sands/settings.json"), withIntermediateDirectories: true)
        // The store made after the folder, as the app finds it: Foundation then marks the URL a folder's.
        let store = SettingsStore<HourglassSettings>.standard(environment: ["XDG_CONFIG_HOME": folder.path])
        var said: [String] = []
        #expect(store.load(report: { said.append($0) }) == HourglassSettings())
        #expect(said == ["settings file \(store.url.path) is a folder, not a file: using defaults, and nothing can be saved there until it is moved away"])
        said = []
        store.save(HourglassSettings(), report: { said.append($0) })
        #expect(said.count == 1 && said[0].hasPrefix("cannot save settings to \(store.url.path): ") && !said[0].contains("NSCocoaErrorDomain"), "\(said)")
        #expect(said.first?.hasSuffix("settings.json is a folder, not a file") == true, "\(said)")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sands-file-\(UUID().uuidString)")
        try "not a folder".write(to: file, atomically: true, encoding: .utf8)
        let underFile = SettingsStore<HourglassSettings>.standard(environment: ["XDG_CONFIG_HOME": file.path])
        said = []
        underFile.save(HourglassSettings(), report: { said.append($0) })
        #expect(said.first?.hasSuffix("\(file.path) is a file, where a folder must be") == true, "\(said)")
    }

    @Test("settings survive a round trip, with a count and size for each mode")
    func roundTrip() throws {
        let store = try temporaryStore()
        var settings = HourglassSettings()
        settings.mode = .instanced
        settings.duration = 30
        settings.randomColors = true
        settings.counts[.gpu] = 4_000
        settings.sizes[.instanced] = 1.25
        settings.grainShape = .mesh
        store.save(settings)
        #expect(store.load() == settings)
        #expect(store.url.path.hasSuffix("shifting-sands/settings.json"))
        let text = try String(contentsOf: store.url, encoding: .utf8)
        #expect(text.contains("\"gpu\" : 4000"))
    }

    @Test("a missing file gives the defaults")
    func missing() throws {
        #expect(try temporaryStore().load() == HourglassSettings())
    }

    func write(_ contents: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test("a file that is not a JSON object is reported, kept beside itself and replaced by defaults", arguments: ["{ not json", "[]", "7"])
    func damaged(contents: String) throws {
        let store = try temporaryStore()
        try write(contents, to: store.url)
        var messages: [String] = []
        #expect(store.load { messages.append($0) } == HourglassSettings())
        #expect(messages.count == 1 && messages[0].contains("damaged") && messages[0].contains("kept as settings.json.bad"), "\(messages)")
        #expect(try String(contentsOf: store.badURL, encoding: .utf8) == contents, "the file as it was, beside it")
        #expect(store.load { messages.append($0) } == HourglassSettings(), "the file was replaced")
        #expect(messages.count == 1)
    }

    /// Before, any value the settings could not decode lost every setting in the file, and the
    /// file was overwritten with no copy kept.
    @Test("a bad value gives way to its default in a line of its own; every good value is kept, and the file is kept beside itself")
    func badValues() throws {
        let store = try temporaryStore()
        let contents = #"{"counts":{"cpu":3.7,"gpu":4000},"mode":"quantum","randomColors":true,"duration":"3m","sizes":{"gpu":1.25},"grainShape":"mesh","chime":false}"#
        try write(contents, to: store.url)
        var lines: [String] = []
        let settings = store.load { lines.append($0) }
        #expect(settings.randomColors && settings.grainShape == .mesh && !settings.chime)
        #expect(settings.count(for: .gpu) == 4000 && settings.size(for: .gpu) == 1.25)
        #expect(settings.count(for: .cpu) == MachineFit.fallbackCount && settings.mode == .cpu && settings.duration == HourglassSettings().duration)
        #expect(lines.count == 3, "one line for each bad key: \(lines)")
        for said in ["counts.cpu 3.7 is not a value it takes, using its default", #"mode "quantum" is not a value it takes, using cpu"#,
                     #"duration "3m" is not a value it takes, using 5"#] {
            #expect(lines.contains { $0.contains(said) && $0.contains("kept as settings.json.bad") }, "\(said) in \(lines)")
        }
        #expect(try String(contentsOf: store.badURL, encoding: .utf8) == contents)
        #expect(store.load { lines.append($0) } == settings && lines.count == 3, "the file was repaired: the next start says nothing")
        #expect(try String(contentsOf: store.badURL, encoding: .utf8) == contents, "and keeps the copy")
    }

    /// Before, one number beyond a Double lost every setting in the file.
    @Test("a number too large to read is refused alone")
    func unreadableNumber() throws {
        let store = try temporaryStore()
        try write(#"{"duration":1e400,"randomColors":true}"#, to: store.url)
        var lines: [String] = []
        let settings = store.load { lines.append($0) }
        #expect(settings.randomColors && settings.duration == HourglassSettings().duration)
        #expect(lines.count == 1 && lines[0].contains("duration (a number too large to read) is not a value it takes, using 5"), "\(lines)")
    }

    @Test("a whole number beyond a count's range is brought in, not refused")
    func hugeCount() throws {
        let store = try temporaryStore()
        try write(#"{"counts":{"cpu":1e12}}"#, to: store.url)
        var lines: [String] = []
        #expect(store.load { lines.append($0) }.count(for: .cpu) == 50_000)
        #expect(lines == ["settings file \(store.url.path): counts.cpu 1000000000000 is out of range, using 50000"])
    }

    @Test("app.json and a scene's file are read key by key too")
    func otherFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sands-config-\(UUID().uuidString)")
        let shell = SettingsStore<ShellSettings>.standard(environment: ["XDG_CONFIG_HOME": folder.path])
        try write(#"{"language":"zh-Hans","fpsCap":"fast"}"#, to: shell.url)
        var lines: [String] = []
        let app = shell.load { lines.append($0) }
        #expect(app.language == .simplifiedChinese && app.fpsCap == nil)
        #expect(lines.count == 1 && lines[0].contains(#"fpsCap "fast" is not a value it takes, using its default"#), "\(lines)")
        #expect(FileManager.default.fileExists(atPath: shell.badURL.path))
        // Before, a file without every key lost them all.
        let waves = SettingsStore<WaveParameters>.standard(environment: ["XDG_CONFIG_HOME": folder.path])
        try write(#"{"waveSpeed":60,"damping":"lots"}"#, to: waves.url)
        lines = []
        let parameters = waves.load { lines.append($0) }
        #expect(parameters.waveSpeed == 60 && parameters.damping == WaveParameters.defaults.damping)
        #expect(lines.count == 1 && lines[0].contains("damping"), "\(lines)")
    }

    @Test("values out of range in a hand-edited file are brought into range, in one line naming each key and the value kept")
    func clamped() throws {
        let store = try temporaryStore()
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"{"mode":"cpu","duration":9000,"randomColors":false,"counts":{"cpu":99999,"gpu":1,"instanced":2000},"sizes":{"cpu":4,"gpu":1,"instanced":0.1}}"#
            .write(to: store.url, atomically: true, encoding: .utf8)
        var lines: [String] = []
        let settings = store.load { lines.append($0) }
        #expect(lines.count == 1, "one line for the file: \(lines)")
        for said in ["duration 9000 is out of range, using 3600", "counts.cpu 99999 is out of range, using 50000", "counts.gpu 1 is out of range, using 50",
                     "sizes.cpu 4 is out of range, using 1.5", "sizes.instanced 0.1 is out of range, using 0.5"] {
            #expect(lines.first?.contains(said) == true, "\(said) in \(lines)")
        }
        #expect(settings.duration == 3600)
        #expect(settings.count(for: .cpu) == 50_000 && settings.count(for: .gpu) == 50)
        #expect(settings.size(for: .cpu) == 1.5 && settings.size(for: .instanced) == 0.5)
        #expect(settings.grainShape == .impostor, "a file from before the grain-shape choice draws impostors")
    }

    @Test("numbers a person reads: three digits in groups, never an exponent")
    func numberText() {
        #expect(NumberText.grouped(1_920) == "1,920")
        #expect(NumberText.grouped(16_430_000) == "16,400,000")
        #expect(NumberText.grouped(0.5) == "0.5")
    }

    @Test("the overlay's digital clock")
    func clock() {
        #expect(HourglassOverlay.clock(0) == "00:00.0")
        #expect(HourglassOverlay.clock(3.27) == "00:03.2")
        #expect(HourglassOverlay.clock(65.5) == "01:05.5")
    }

    @Test("screenshots taken in the same second get their own names")
    func screenshotNames() {
        let date = Date(timeIntervalSince1970: 0)
        let first = Screenshot.defaultName(at: date) { _ in false }
        #expect(first.wholeMatch(of: /shifting-sands-\d{4}-\d{2}-\d{2}-\d{6}\.png/) != nil)
        let taken: Set<String> = [first, first.replacingOccurrences(of: ".png", with: "-2.png")]
        #expect(Screenshot.defaultName(at: date) { taken.contains($0) } == first.replacingOccurrences(of: ".png", with: "-3.png"))
    }
}
