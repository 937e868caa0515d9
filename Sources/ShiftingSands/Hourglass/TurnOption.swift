import ArgumentParser
import SandSim

/// `--turn ANGLE@SECONDS`, as `run` and `simulate` take it: a scripted hand on the glass, given
/// as keyframes of the glass's turn in degrees (0 upright, 180 upside down) at seconds from the
/// start of the run, repeated or comma-separated.
enum TurnOption {
    static let help: ArgumentHelp = "Hourglass: a hand takes hold of the upright glass (the first keyframe, 0@SECONDS) and turns it to ANGLE degrees (0–180) by SECONDS into the run, evenly between keyframes, holds it at the last and lets go (e.g. 0@2,180@2.6,180@7.6: a 5 s hold upside down); repeat or comma-separate."

    /// The hand of `values`, nil when there are none; a one-line error naming the bad keyframe.
    static func hand(_ values: [String]) throws -> ScriptedHand? {
        guard !values.isEmpty else { return nil }
        let entries = try values.flatMap { try ArgumentChecks.list($0, option: "--turn") }
        let keyframes = try entries.map { entry in
            let halves = entry.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            guard halves.count == 2, let degrees = Float(halves[0].trimmingCharacters(in: .whitespaces)), (0...180).contains(degrees),
                  let seconds = ScriptText.seconds(halves[1]), seconds <= 86_400 else {
                throw ValidationError("--turn \(entry) is not ANGLE@SECONDS with ANGLE 0–180 degrees and SECONDS 0–86400 (e.g. 180@2.6)")
            }
            return ScriptedHand.Keyframe(degrees: degrees, seconds: seconds)
        }
        guard keyframes[0].degrees == 0 else {
            throw ValidationError("--turn starts at \(entries[0]): the hand takes hold of an upright glass, so the first keyframe is 0@SECONDS")
        }
        guard let hand = ScriptedHand(keyframes) else {
            throw ValidationError("--turn's keyframes go back in time (\(entries.joined(separator: ","))): give them in order of SECONDS")
        }
        return hand
    }
}
