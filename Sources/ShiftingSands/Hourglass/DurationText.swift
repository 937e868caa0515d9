import ArgumentParser
import SandSim

/// A timer's length as people write it: `90`, `90s`, `3m`, `1m30s`, `1h`, and as the overlay
/// shows it: `45 s`, `1:30`, `3 min`, `1 h`.
enum DurationText {
    /// Seconds in `text`, or nil where it is not a length of time. Minutes after hours and
    /// seconds after minutes count below 60, as a clock's do (`1m90s` is no length). A leading
    /// minus is read, so that a negative length is refused by its range, not as gibberish.
    /// The overlay's own forms are read too (`30 s`, `2 min`, `2:30`, `1 h`, and the Chinese
    /// overlay's units), since a person types what the buttons and the clock show.
    static func seconds(_ text: String) -> Float? {
        var trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let clock = trimmed.wholeMatch(of: /(\d+):([0-5]\d)(?::([0-5]\d))?/) {
            let parts = [clock.1, clock.2] + (clock.3.map { [$0] } ?? [])
            let values = parts.compactMap { Float($0) }
            return values.count == 3 ? values[0] * 3600 + values[1] * 60 + values[2] : values[0] * 60 + values[1]
        }
        for (words, unit) in unitWords {
            for word in words { trimmed = trimmed.replacingOccurrences(of: word, with: unit) }
        }
        trimmed = trimmed.replacingOccurrences(of: " ", with: "")
        guard let match = trimmed.wholeMatch(of: /(-)?(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s?)?/),
              match.2 != nil || match.3 != nil || match.4 != nil else { return nil }
        let hours = match.2.flatMap { Float($0) } ?? 0, minutes = match.3.flatMap { Float($0) } ?? 0, seconds = match.4.flatMap { Float($0) } ?? 0
        guard match.2 == nil || minutes < 60, match.2 == nil && match.3 == nil || seconds < 60 else { return nil }
        let total = (hours * 3600 + minutes * 60 + seconds) * (match.1 == nil ? 1 : -1)
        return total.isFinite ? total : nil
    }

    /// Words for the units, longest first so that none is cut short by another, and the
    /// letter each stands for.
    private static let unitWords = [
        (["minutes", "minute", "mins", "min", "分钟", "分"], "m"),
        (["seconds", "second", "secs", "sec", "秒"], "s"),
        (["hours", "hour", "hrs", "hr", "小时", "时"], "h"),
    ]

    /// `45 s` below a minute, `1:30` while there are seconds, else `3 min` or `1 h`.
    static func shown(_ seconds: Float) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return localized("%ld s", whole) }
        if whole % 60 != 0 { return String(format: "%d:%02d", whole / 60, whole % 60) }
        if whole == 3600 { return localized("%ld h", 1) }
        return localized("%ld min", whole / 60)
    }

    /// The widest any length is shown, for the slider's value column.
    static var widest: String {
        [59, 595, 3540].map(shown).max { $0.count < $1.count } ?? shown(3540)
    }

    /// The nearest length the slider offers: whole seconds below a minute, 5 s steps below ten
    /// minutes, whole minutes beyond.
    static func snapped(_ seconds: Float) -> Float {
        let range = HourglassTimer.durationRange
        let step: Float = seconds < 60 ? 1 : seconds < 600 ? 5 : 60
        return min(max((seconds / step).rounded() * step, range.lowerBound), range.upperBound)
    }
}

/// `--duration`: a timer's length, checked against the timer's range.
struct TimerDuration: ExpressibleByArgument, CustomStringConvertible {
    let seconds: Float
    /// As it was typed, for the error that refuses it.
    private let text: String

    init?(argument: String) {
        guard let seconds = DurationText.seconds(argument) else { return nil }
        self.seconds = seconds
        text = argument
    }

    init(seconds: Float) {
        self.seconds = seconds
        text = DurationText.shown(seconds)
    }

    /// `--duration`'s reader: what is not a length of time is refused naming the forms taken.
    static func parse(_ argument: String) throws -> TimerDuration {
        guard let duration = TimerDuration(argument: argument) else {
            throw ValidationError("not a length of time: give seconds (90) or units (90s, 3m, 1m30s, 1h), minutes and seconds after a larger unit below 60")
        }
        return duration
    }

    var defaultValueDescription: String { DurationText.shown(seconds).replacingOccurrences(of: " ", with: "") }
    var description: String { defaultValueDescription }

    /// The timer's range as the help and the error both say it: "5 s–1 h".
    static var range: String {
        "\(DurationText.shown(HourglassTimer.durationRange.lowerBound))–\(DurationText.shown(HourglassTimer.durationRange.upperBound))"
    }

    /// `--duration`'s help, with the command's default.
    static func help(default text: String) -> ArgumentHelp {
        ArgumentHelp("Timer duration, \(range): seconds (90), or with units (90s, 3m, 1m30s, 1h) (default: \(text)).")
    }

    /// Refuses a length outside the timer's range, naming it as typed.
    func validate() throws {
        guard HourglassTimer.durationRange.contains(seconds) else {
            throw ValidationError("duration \(text) is outside \(Self.range)")
        }
    }
}
