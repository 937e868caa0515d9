import Foundation
import SandSim
import Testing
@testable import ShiftingSands

@Suite("Settings")
struct SettingsTests {
    func temporaryStore() throws -> SettingsStore<HourglassSettings> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sands-config-\(UUID().uuidString)")
        return SettingsStore<HourglassSettings>.standard(environment: ["XDG_CONFIG_HOME": folder.path])
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

    @Test("a damaged file is reported and replaced by defaults", arguments: ["{ not json", "{\"mode\": \"warp\"}", "[]"])
    func damaged(contents: String) throws {
        let store = try temporaryStore()
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: store.url, atomically: true, encoding: .utf8)
        var messages: [String] = []
        #expect(store.load { messages.append($0) } == HourglassSettings())
        #expect(messages.count == 1 && messages[0].contains("damaged"))
        #expect(store.load { messages.append($0) } == HourglassSettings(), "the file was replaced")
        #expect(messages.count == 1)
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
