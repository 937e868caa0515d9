import Foundation
import SandSim

/// What a person typed into a slider's box (Ctrl+click, then Enter), read as the command line
/// reads it: the timer's length as `--duration` takes it, the count as a whole number. A value
/// out of range gives the nearest end; either way the toast's numbers carry their unit.
enum TypedEntry {
    /// The value to use, and what to tell the person (nil: nothing).
    struct Reading<Value: Equatable>: Equatable {
        var value: Value?
        var message: String?
    }

    static func duration(_ text: String) -> Reading<Float> {
        let range = HourglassTimer.durationRange
        guard let seconds = DurationText.seconds(text) else {
            return Reading(value: nil, message: localized("“%@” is not a length of time: type 90, 30 s, 3 min, 1:30 or 1 h", text.trimmingCharacters(in: .whitespaces)))
        }
        guard range.contains(seconds) else {
            let kept = seconds < range.lowerBound ? range.lowerBound : range.upperBound
            return Reading(value: kept, message: localized("%@ is outside %@–%@; using %@", text.trimmingCharacters(in: .whitespaces), DurationText.shown(range.lowerBound),
                                                           DurationText.shown(range.upperBound), DurationText.shown(kept)))
        }
        return Reading(value: seconds, message: nil)
    }

    /// `mode`: whose range `range` is (the one this GL holds), to name it.
    static func count(_ text: String, range: ClosedRange<Int>, mode: PhysicsMode) -> Reading<Int> {
        guard let count = GrainCountText.value(text) else {
            return Reading(value: nil, message: localized("“%@” is not a number of grains: type a whole number from %@ to %@", text.trimmingCharacters(in: .whitespaces),
                                                          NumberText.whole(range.lowerBound), NumberText.whole(range.upperBound)))
        }
        guard range.contains(count) else {
            let kept = min(max(count, range.lowerBound), range.upperBound)
            return Reading(value: kept, message: localized("%@; using %@ grains", GrainCountText.outside(count, range: range, mode: mode), NumberText.whole(kept)))
        }
        return Reading(value: count, message: nil)
    }
}
