/// How the scripted-input options are written (`--poke`, `--press`, `--drag`, `--cursor`,
/// `--theme-change-at`): a point `X,Y`, each 0–1, then optionally `@` and a time.
enum ScriptText {
    /// The point of `X,Y[@TIME]` and the text after the `@`, if any; nil where the point is not
    /// two numbers in 0–1.
    static func point(_ text: String) -> (x: Float, y: Float, time: Substring?)? {
        let halves = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let parts = ArgumentChecks.numbers(String(halves[0]), separator: ",")
        guard parts.count == 2, let x = parts[0], let y = parts[1], [x, y].allSatisfy({ (0...1).contains($0) }) else { return nil }
        return (x, y, halves.count > 1 ? halves[1] : nil)
    }

    /// A time in seconds, at least 0; nil where `text` is not one.
    static func seconds(_ text: Substring) -> Float? {
        guard let value = Float(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0 else { return nil }
        return value
    }
}
