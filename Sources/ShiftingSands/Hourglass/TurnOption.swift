import ArgumentParser
import SandSim

/// `--turn ANGLE@SECONDS`, as `run` and `simulate` take it: a scripted hand on the glass, given
/// as keyframes of the glass's turn in degrees (0 upright, 180 upside down) at seconds from the
/// start of the run, repeated or comma-separated.
enum TurnOption {
    static let help: ArgumentHelp = "A hand takes hold of the upright glass (the first keyframe, 0@SECONDS) and turns it to ANGLE degrees (0–180) by SECONDS into the run, evenly between keyframes, holds it at the last and lets go (e.g. 0@2,180@2.6,180@7.6: a 5 s hold upside down); repeat or comma-separate."

    /// One `--turn` value (the option's transform): its comma-separated keyframes, each
    /// ANGLE@SECONDS; a one-line error naming the bad one.
    static func keyframes(_ text: String) throws -> [ScriptedHand.Keyframe] {
        try ArgumentChecks.list(text, option: "--turn").map { entry in
            let halves = entry.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            guard halves.count == 2, let degrees = Float(halves[0].trimmingCharacters(in: .whitespaces)), (0...180).contains(degrees),
                  let seconds = ScriptText.seconds(halves[1]), seconds <= 86_400 else {
                throw ValidationError("\(entry) is not ANGLE@SECONDS with ANGLE 0–180 degrees and SECONDS 0–86400 (e.g. 180@2.6)")
            }
            return ScriptedHand.Keyframe(degrees: degrees, seconds: seconds)
        }
    }

    /// The hand of every `--turn` value's keyframes, nil when there are none.
    static func hand(_ values: [[ScriptedHand.Keyframe]]) throws -> ScriptedHand? {
        let keyframes = values.flatMap { $0 }
        guard let first = keyframes.first else { return nil }
        guard first.degrees == 0 else {
            throw ValidationError("--turn starts at \(text(first)): the hand takes hold of an upright glass, so the first keyframe is 0@SECONDS")
        }
        guard let hand = ScriptedHand(keyframes) else {
            throw ValidationError("--turn's keyframes go back in time (\(arguments(values))): give them in order of SECONDS")
        }
        return hand
    }

    /// The keyframes as `--turn` takes them, for another command's parse.
    static func arguments(_ values: [[ScriptedHand.Keyframe]]) -> String {
        values.flatMap { $0 }.map(text).joined(separator: ",")
    }

    private static func text(_ keyframe: ScriptedHand.Keyframe) -> String {
        "\(keyframe.degrees)@\(keyframe.seconds)"
    }
}
