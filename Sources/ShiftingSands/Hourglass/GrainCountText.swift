import ArgumentParser
import SandSim

/// A grain count as a person writes it, on the command line and in the overlay's typed box: a
/// whole number, thousands separated by commas or not (10,000). The words that refuse one are
/// said here once, so `run`, `simulate`, `bench`, `calibrate` and the box say the same.
enum GrainCountText {
    /// The count `text` names, or nil where it names no whole number.
    static func value(_ text: String) -> Int? {
        Int(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ""))
    }

    /// "a whole number from 50 to 50,000".
    static func wanted(_ range: ClosedRange<Int>) -> String {
        "a whole number from \(NumberText.whole(range.lowerBound)) to \(NumberText.whole(range.upperBound))"
    }

    /// "60,000 grains is outside CPU mode's range, 50–50,000" (`mode` nil: "… outside
    /// 1–1,000,000"): what every place that refuses a count says, in the overlay's language.
    static func outside(_ count: Int, range: ClosedRange<Int>, mode: PhysicsMode?) -> String {
        let (count, lowest, highest) = (NumberText.whole(count), NumberText.whole(range.lowerBound), NumberText.whole(range.upperBound))
        guard let mode else { return localized("%@ grains is outside %@–%@", count, lowest, highest) }
        return localized("%@ grains is outside %@ mode's range, %@–%@", count, localized(mode.displayName), lowest, highest)
    }

    /// Every count some mode takes: what `--count` reads before it knows the mode.
    static let anyMode = PhysicsMode.allCases.map(\.countRange.lowerBound).min()!...PhysicsMode.allCases.map(\.countRange.upperBound).max()!

    /// `--count`'s value: a whole number, or an error that says what one looks like (after
    /// ArgumentParser's "The value '3.7' is invalid for '--count <count>': "), each mode's range
    /// named, since the mode may come later on the line.
    static func parse(_ text: String) throws -> Int {
        guard let count = value(text) else {
            throw ValidationError("give a whole number of grains: \(eachMode)")
        }
        return count
    }

    /// "cpu 50–50,000, gpu 50–100,000, instanced 50–1,000,000".
    static var eachMode: String {
        PhysicsMode.allCases.map { "\($0.rawValue) \(NumberText.whole($0.countRange.lowerBound))–\(NumberText.whole($0.countRange.upperBound))" }.joined(separator: ", ")
    }

    /// One item of a `--counts` list, within `range` (`mode`'s, where one is named).
    static func item(_ text: String, option: String, range: ClosedRange<Int>, mode: PhysicsMode? = nil) throws -> Int {
        let within = mode.map { "\($0.rawValue) mode takes" } ?? "give"
        guard let count = value(text) else {
            throw ValidationError("'\(text)' in \(option) is not a number of grains: \(within) \(wanted(range))")
        }
        guard range.contains(count) else {
            throw ValidationError("\(option): \(outside(count, range: range, mode: mode))")
        }
        return count
    }
}
