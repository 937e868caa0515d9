import Foundation
import SandSim
import Testing
@testable import ShiftingSands

/// The hourglass as an egg timer: lengths as people write them, pause, and the end heard and seen.
@Suite("Egg timer", .serialized)
struct EggTimerTests {
    @Test("durations are read as people write them, and refused outside 5 s–60 min", arguments: [
        ("90", Float(90)), ("90s", 90), ("3m", 180), ("1m30s", 90), ("1h", 3600), ("2.5m", 150), (" 10 ", 10),
        // The forms the overlay shows (its buttons, its clock), which a person types back.
        ("30 s", 30), ("2 min", 120), ("2min", 120), ("2:30", 150), ("1 h", 3600), ("1 min 30 s", 90), ("10 minutes", 600),
        ("0:45", 45), ("1:00:00", 3600), ("3 分钟", 180), ("1 小时", 3600), ("30 秒", 30),
    ])
    func durationText(text: String, seconds: Float) throws {
        #expect(DurationText.seconds(text) == seconds)
        #expect(throws: Never.self) { try TimerDuration(argument: text)?.validate() }
    }

    @Test("not a length of time, or outside the timer's range", arguments: ["", "m", "3x", "-5", "1h1h", "nan", "61m", "4s", "2h", "2:75", "1:2", "min", "2 mn"])
    func badDurations(text: String) {
        if let duration = TimerDuration(argument: text) {
            #expect(throws: (any Error).self) { try duration.validate() }
        }
    }

    /// Before, 3m90s was read as 4:30 and a negative length got only "the value is invalid".
    @Test("seconds after minutes and minutes after hours count below 60; a negative length is read and refused by its range, as typed")
    func clockLimits() throws {
        #expect(DurationText.seconds("3m90s") == nil && DurationText.seconds("1h75m") == nil && DurationText.seconds("1h30m59s") == 5459)
        #expect(DurationText.seconds("-10") == -10)
        for (text, said) in [("-10", "duration -10 is outside 5 s–1 h"), ("4.99", "duration 4.99 is outside 5 s–1 h")] {
            let duration = try #require(TimerDuration(argument: text))
            #expect(throws: (any Error).self) { try duration.validate() }
            do { try duration.validate() } catch { #expect("\(error)".contains(said), "\(error)") }
        }
    }

    /// Before, the box read "3m" as 3 and said "3 is outside 5–3600; using 5".
    @Test("the timer's box takes what --duration takes; the count's box whole numbers; toasts name the forms and carry units")
    func typedIntoTheBoxes() {
        #expect(TypedEntry.duration("3m") == .init(value: 180, message: nil))
        #expect(TypedEntry.duration("1m30s") == .init(value: 90, message: nil))
        #expect(TypedEntry.duration("3s") == .init(value: 5, message: "3s is outside 5 s–1 h; using 5 s"))
        // As typed: "2h" was said as "120 min", a value the person never wrote.
        #expect(TypedEntry.duration("2h") == .init(value: 3600, message: "2h is outside 5 s–1 h; using 1 h"))
        #expect(TypedEntry.duration("abc") == .init(value: nil, message: "“abc” is not a length of time: type 90, 30 s, 3 min, 1:30 or 1 h"))
        #expect(TypedEntry.count("1000", range: 50...50_000, mode: .cpu) == .init(value: 1000, message: nil))
        #expect(TypedEntry.count("99999", range: 50...50_000, mode: .cpu) == .init(value: 50_000, message: "99,999 grains is outside CPU mode's range, 50–50,000; using 50,000 grains"))
        #expect(TypedEntry.count("lots", range: 50...50_000, mode: .cpu).value == nil)
        #expect(TypedEntry.count("lots", range: 50...50_000, mode: .cpu).message?.contains("whole number from 50 to 50,000") == true)
    }

    @Test("the overlay writes lengths as people read them, and the slider snaps to seconds, five seconds, then minutes")
    func shownAndSnapped() {
        #expect(DurationText.shown(45) == "45 s" && DurationText.shown(90) == "1:30" && DurationText.shown(180) == "3 min" && DurationText.shown(3600) == "1 h")
        #expect(DurationText.snapped(7.4) == 7 && DurationText.snapped(93) == 95 && DurationText.snapped(731) == 720 && DurationText.snapped(9000) == 3600)
        #expect(HourglassTimer.presets == [10, 30, 60, 180, 300, 600])
    }

    @Test("a paused hourglass stands still, sand and clock alike, and goes on where it stopped")
    func pause() throws {
        let engine = CPUEngine()
        let pile = try engine.spawn(count: 100)
        var hourglass = Hourglass(engine: engine, mode: .cpu, pile: pile, duration: 10)
        _ = hourglass.timer.start()
        for _ in 0..<90 { hourglass.advance(by: 1.0 / 60) }
        hourglass.isPaused = true
        let grains = engine.readGrains(), clock = hourglass.clock, elapsed = hourglass.timer.elapsed
        for _ in 0..<60 { hourglass.advance(by: 1.0 / 60) }
        #expect(engine.readGrains() == grains && hourglass.clock == clock && hourglass.timer.elapsed == elapsed)
        hourglass.isPaused = false
        hourglass.advance(by: 0.5)
        #expect(abs(hourglass.timer.elapsed - elapsed - 0.5) < 1e-4)
        #expect(engine.readGrains() != grains)
    }

    @Test("the end of a run chimes once, and notifies once when the window is not in front; as the settings allow")
    func alarm() throws {
        for (inFront, chimes, notifies) in [(false, true, true), (true, true, true), (false, false, true), (false, true, false)] {
            let alerts = RecordingAlerts()
            let alarm = TimerAlarm(alerts: alerts, chimes: chimes, notifies: notifies)
            var timer = HourglassTimer(duration: 5)
            alarm.hear(timer, windowInFront: inFront)
            _ = timer.start()
            while timer.phase != .complete {
                _ = timer.advance(by: 1.0 / 60)
                alarm.hear(timer, windowInFront: inFront)
            }
            for _ in 0..<60 { alarm.hear(timer, windowInFront: inFront) }
            #expect(alerts.chimes == (chimes ? 1 : 0))
            #expect(alerts.notices.count == (notifies && !inFront ? 1 : 0))
            if let notice = alerts.notices.first { #expect(notice.body.contains("5 s")) }
        }
    }

    @Test("the window's title shows the time left while the timer runs, and that it is done when it is")
    func title() {
        var timer = HourglassTimer(duration: 180)
        #expect(TimerAlarm.title(timer, paused: false) == "ShiftingSands")
        _ = timer.start()
        _ = timer.advance(by: 0.6)
        _ = timer.advance(by: 19.5)
        #expect(TimerAlarm.title(timer, paused: false) == "2:41 · ShiftingSands")
        #expect(TimerAlarm.title(timer, paused: true).hasPrefix("2:41"))
        // The time up: the title says so, not the bare name it had before the start (issue 50).
        _ = timer.advance(by: 170)
        #expect(timer.phase == .complete)
        #expect(TimerAlarm.title(timer, paused: false) == "done · ShiftingSands")
    }

    @Test("the desktop's chime and notification, asked for for real, do not fail the app without a sound server or a notification daemon")
    func realAlerts() {
        let alerts = DesktopAlerts()
        alerts.chime()
        alerts.notify(title: "ShiftingSands test", body: "a notification asked for by the tests")
        alerts.chime()
    }

    @Test("a settings file from before the chime keeps its values and takes the new defaults")
    func olderSettings() throws {
        let text = #"{"mode":"gpu","duration":10,"randomColors":true,"counts":{"cpu":250,"gpu":3000,"instanced":2000},"sizes":{"cpu":1,"gpu":1.2,"instanced":1}}"#
        let settings = try JSONDecoder().decode(HourglassSettings.self, from: Data(text.utf8))
        #expect(settings.mode == .gpu && settings.duration == 10 && settings.count(for: .gpu) == 3000 && settings.randomColors)
        #expect(settings.chime && settings.notify)
    }
}

/// Hears what the timer's end asks of the desktop.
final class RecordingAlerts: TimerAlerts {
    private(set) var chimes = 0
    private(set) var notices: [(title: String, body: String)] = []
    func chime() { chimes += 1 }
    func notify(title: String, body: String) { notices.append((title, body)) }
}
