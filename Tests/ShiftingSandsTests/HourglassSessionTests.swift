@testable import ShiftingSands
import SandSim
import Testing

/// The hourglass app without a window or GL: every glass on the CPU engine.
@Suite("The hourglass session (no GL)")
struct HourglassSessionTests {
    static func settings(count: Int = 60) -> HourglassSettings {
        var settings = HourglassSettings()
        settings.counts[.cpu] = count
        return settings
    }

    /// The timers of every glass, which the session hands one timer to.
    static func timers(_ session: HourglassSession) -> [HourglassTimer] {
        session.glasses.map(\.timer)
    }

    /// A running glass could not be picked up, and Space did nothing mid-run (issue 50).
    @Test("mid-run, the hand and Space turn every glass over; paused, the glass stays still and a toast says so")
    func midRunTurns() throws {
        let session = try HourglassSession(settings: Self.settings(), comparing: true, shaders: nil, pacing: false)
        try session.handle(.start)
        for _ in 0..<90 { try session.frame(wall: 1.0 / 30) }
        #expect(session.timer.phase == .running)
        let before = session.timer.elapsed
        try session.handle(.hand(.takeHold))
        try session.handle(.hand(.turn(to: 2)))
        #expect(session.timer.turnovers == 1 && abs(session.timer.remaining - before) < 1e-4)
        #expect(Self.timers(session).allSatisfy { $0 == session.timer })
        try session.handle(.hand(.letGo))
        for _ in 0..<60 { try session.frame(wall: 1.0 / 30) }
        try session.handle(.start)
        for _ in 0..<60 { try session.frame(wall: 1.0 / 30) }
        #expect(session.timer.turnovers == 2 && session.timer.phase != .flipping)
        try session.handle(.pause)
        _ = session.takeNotices()
        try session.handle(.hand(.takeHold))
        try session.handle(.hand(.turn(to: 2)))
        #expect(!session.timer.isDragging && session.timer.turnovers == 2)
        #expect(session.takeNotices() == ["Paused: the glass stays still until Resume"])
    }

    /// A new user turned a finished glass over by hand, and the chart drew the last run's line
    /// over the new one's (the fourth new-user pass, 2026-11-29).
    @Test("a run the hand starts from a finished glass starts a fresh drain chart, as Start's does")
    func handRestartClearsChart() throws {
        let session = try HourglassSession(settings: Self.settings(), comparing: false, shaders: nil, pacing: false)
        try session.handle(.start)
        while session.timer.phase != .complete { try session.frame(wall: 1.0 / 30) }
        let glass = try #require(session.glasses.first)
        #expect(glass.drainHistory.count > 30)
        try session.handle(.hand(.takeHold))
        try session.handle(.hand(.turn(to: 2)))
        try session.frame(wall: 1.0 / 30)
        #expect(session.timer.phase == .running)
        #expect(glass.drainHistory.allSatisfy { $0.elapsed < 0.1 }, "\(glass.drainHistory.prefix(3))")
    }

    /// Once its wait showed on the timer panel, a new user pressed Start during it, and the
    /// autostart then turned the running glass over again.
    @Test("--autostart counts down its wait for the pile to settle, and a start of the person's own takes its place")
    func autostartGivesWay() throws {
        let session = try HourglassSession(settings: Self.settings(), comparing: false, shaders: nil, autostart: true, pacing: false)
        for _ in 0..<15 { try session.frame(wall: 1.0 / 30) }
        let wait = try #require(session.autostartIn)
        #expect(abs(Double(wait) + session.clock - Double(HeadlessRun.defaultSettleSeconds)) < 1e-4 && wait > 1)
        try session.handle(.start)
        #expect(session.autostartIn == nil)
        for _ in 0..<90 { try session.frame(wall: 1.0 / 30) }
        #expect(session.timer.phase == .running && session.timer.turnovers == 0, "turned over \(session.timer.turnovers) times")
    }

    /// It reset the timer's duration and the colours too, which sit in panels of their own
    /// (issue 50).
    @Test("the grains panel's Defaults resets what that panel shows: mode, count and size, not the timer or the colours")
    func grainsDefaults() throws {
        var settings = Self.settings(count: 90)
        settings.mode = .cpu
        settings.sizes[.cpu] = 1.25
        settings.duration = 30
        settings.randomColors = true
        let session = try HourglassSession(settings: settings, comparing: false, shaders: nil, pacing: false)
        try session.handle(.defaults)
        #expect(session.settings.count(for: .cpu) == HourglassSettings().count(for: .cpu) && session.settings.size(for: .cpu) == 1)
        #expect(session.settings.duration == 30 && session.settings.randomColors && session.timer.requestedDuration == 30)
    }

    /// Pressed side by side, the mode keys did nothing a new user could see (the seventh session's
    /// new-user pass).
    @Test("side by side, a mode key changes no glass and says why")
    func modeKeySideBySide() throws {
        let session = try HourglassSession(settings: Self.settings(), comparing: true, shaders: nil, pacing: false)
        _ = session.takeNotices()
        try session.handle(.select(.gpu))
        #expect(session.glasses.map(\.mode) == PhysicsMode.allCases)
        #expect(session.takeNotices() == ["Side by side shows every mode; run without --compare to pick one"])
    }

    @Test("three glasses follow one timer through a start, a pause, a count change and a reset")
    func threeGlasses() throws {
        let session = try HourglassSession(settings: Self.settings(), comparing: true, shaders: nil, pacing: false)
        #expect(session.glasses.map(\.mode) == PhysicsMode.allCases)
        #expect(session.glasses.allSatisfy { $0.hourglass.engine.grainCount == 60 })

        try session.handle(.start)
        for _ in 0..<60 { try session.frame(wall: 1.0 / 30) }
        #expect(session.timer.phase == .running)
        #expect(Self.timers(session).allSatisfy { $0 == session.timer })
        #expect(session.glasses.allSatisfy { $0.hourglass.clock == session.clock })

        try session.handle(.pause)
        let elapsed = session.timer.elapsed, clock = session.clock
        for _ in 0..<10 { try session.frame(wall: 1.0 / 30) }
        #expect(session.timer.elapsed == elapsed && session.glasses.allSatisfy { $0.hourglass.clock == clock },
                "paused, the timer and every glass's sand stand still")
        try session.handle(.pause)
        for _ in 0..<10 { try session.frame(wall: 1.0 / 30) }
        #expect(session.timer.elapsed > elapsed)

        // A count waits for the next pile; the settings to save have it at once.
        try session.handle(.count(80))
        #expect(session.glasses.allSatisfy { $0.hourglass.engine.grainCount == 60 })
        #expect(session.takeSettingsToSave()?.count(for: .cpu) == 80)
        #expect(session.takeSettingsToSave() == nil, "saved once")

        try session.handle(.reset)
        #expect(session.timer.phase == .resting && session.timer.elapsed == 0)
        #expect(session.glasses.allSatisfy { $0.hourglass.engine.grainCount == 80 }, "every glass took the new count")
        #expect(session.glasses.map(\.mode) == PhysicsMode.allCases, "each glass keeps its mode")
        #expect(Self.timers(session).allSatisfy { $0 == session.timer })
        #expect(session.takeSettingsToSave() == nil, "a reset changes no setting")
    }

    /// The timer used to hold the settings asked for and the pile's, and hand back a fresh pile's
    /// settings; now the session holds them, and a start from rest or the hand's hold on a glass
    /// at rest or done is where they take effect.
    @Test("count and size wait for a start from rest or the hand's hold; not for a turn of running sand")
    func pendingSettings() throws {
        let session = try HourglassSession(settings: Self.settings(), comparing: false, shaders: nil, pacing: false)
        try session.handle(.count(80))
        try session.handle(.size(1.2))
        #expect(session.glasses[0].hourglass.engine.grainCount == 60, "waits for the next start")
        try session.handle(.start)
        #expect(session.glasses[0].settings == GrainSettings(mode: .cpu, count: 80, size: 1.2))
        #expect(session.glasses[0].hourglass.engine.grainCount == 80)
        for _ in 0..<40 { try session.frame(wall: 1.0 / 30) }
        #expect(session.timer.phase == .running)
        try session.handle(.count(70))
        try session.handle(.hand(.takeHold))
        #expect(session.glasses[0].hourglass.engine.grainCount == 80, "a turn of running sand keeps its pile")
        try session.handle(.hand(.letGo))
        try session.handle(.reset)
        #expect(session.glasses[0].hourglass.engine.grainCount == 70)
        try session.handle(.count(65))
        try session.handle(.hand(.takeHold))
        #expect(session.glasses[0].hourglass.engine.grainCount == 65, "the hand's hold on a glass at rest takes the new count")
    }

    @Test("side by side, the comparison's count stands in for the CPU's saved one until a count is chosen")
    func comparisonCount() throws {
        var settings = Self.settings(count: 90)
        settings.comparisonCount = 60
        let session = try HourglassSession(settings: settings, comparing: true, shaders: nil, pacing: false)
        #expect(session.glasses.allSatisfy { $0.hourglass.engine.grainCount == 60 })
        #expect(session.settings.counts[.cpu] == 90, "the CPU's own count, as saved")
        try session.handle(.count(80))
        #expect(session.settings.count(for: .cpu) == 80, "the panel's count is the one chosen, not the comparison's")
        #expect(session.takeSettingsToSave()?.counts[.cpu] == 80)
        try session.handle(.reset)
        #expect(session.glasses.allSatisfy { $0.hourglass.engine.grainCount == 80 }, "the count chosen in the panel, no longer the comparison's")
    }

    @Test("one glass: a new mode restarts at once with its own count; what the overlay tells comes back as a notice")
    func oneGlass() throws {
        var settings = Self.settings()
        settings.counts[.gpu] = 70
        let session = try HourglassSession(settings: settings, comparing: false, shaders: nil, pacing: false)
        try session.handle(.start)
        for _ in 0..<20 { try session.frame(wall: 1.0 / 30) }
        try session.handle(.select(.gpu))
        #expect(session.glasses.count == 1 && session.glasses[0].mode == .gpu)
        #expect(session.glasses[0].hourglass.engine.grainCount == 70)
        #expect(session.timer.phase == .resting)
        #expect(session.takeSettingsToSave()?.mode == .gpu)
        try session.handle(.tell("typed \"abc\" is not a count"))
        #expect(session.takeNotices() == ["typed \"abc\" is not a count"])
        #expect(session.takeNotices().isEmpty)
    }

    @Test("a saved count beyond what the mode holds here starts at the mode's default, said once and saved")
    func countPolicy() throws {
        var settings = Self.settings(count: PhysicsMode.cpu.countRange.upperBound + 1)
        settings.mode = .cpu
        let session = try HourglassSession(settings: settings, comparing: false, shaders: nil, savedSettings: true, pacing: false)
        #expect(session.glasses[0].hourglass.engine.grainCount == PhysicsMode.cpu.defaultCount)
        #expect(session.takeNotices().count == 1)
        #expect(session.takeSettingsToSave()?.count(for: .cpu) == PhysicsMode.cpu.defaultCount)
        #expect(session.countRange == PhysicsMode.cpu.countRange)
    }
}
