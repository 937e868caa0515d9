import SandSim

/// The end of a timer, heard and seen: when a run's time is up, a chime, and a desktop
/// notification if the window is not in front (unfocused or minimised), each once and each as
/// the settings allow; while it runs, the time left for the window's title.
final class TimerAlarm {
    var chimes: Bool
    var notifies: Bool
    private let alerts: TimerAlerts
    private var lastPhase: TimerPhase?

    init(alerts: TimerAlerts, chimes: Bool, notifies: Bool) {
        self.alerts = alerts
        self.chimes = chimes
        self.notifies = notifies
    }

    /// Hears the timer after a frame.
    func hear(_ timer: HourglassTimer, windowInFront: Bool) {
        defer { lastPhase = timer.phase }
        guard lastPhase == .running, timer.phase == .complete else { return }
        if chimes { alerts.chime() }
        if notifies && !windowInFront {
            alerts.notify(title: localized("The sand has run out"), body: localized("Your %@ timer is done.", DurationText.shown(timer.duration)))
        }
    }

    /// "2:41 · ShiftingSands" while the timer runs (paused too, said so), "done · ShiftingSands"
    /// once the time is up (a window left behind others says so in the task bar), the name alone
    /// else.
    static func title(_ timer: HourglassTimer, paused: Bool) -> String {
        if timer.phase == .complete { return "\(localized("done")) · ShiftingSands" }
        guard timer.phase == .running else { return "ShiftingSands" }
        let left = Int(timer.remaining.rounded(.up))
        let clock = String(format: "%d:%02d", left / 60, left % 60)
        return paused ? localized("%@ paused · ShiftingSands", clock) : "\(clock) · ShiftingSands"
    }
}
