import ArgumentParser

extension WavesScene.Poke {
    /// `run --poke X,Y[@SECONDS]`, checked: each coordinate 0–1, the time at least 0 (0 if none).
    static func parse(_ pokes: [String]) throws -> [WavesScene.Poke] {
        try pokes.map { text in
            let halves = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let time = halves.count > 1 ? halves[1] : nil
            let parts = ArgumentChecks.numbers(String(halves[0]), separator: ",")
            let seconds = time.map { Float($0.trimmingCharacters(in: .whitespaces)) } ?? 0
            guard parts.count == 2, let x = parts[0], let y = parts[1], [x, y].allSatisfy({ (0...1).contains($0) }),
                  let seconds, seconds.isFinite, seconds >= 0 else {
                throw ValidationError("--poke \(text) is not X,Y with each 0–1, optionally @SECONDS (at least 0)")
            }
            return WavesScene.Poke(x: x, y: y, seconds: seconds)
        }
    }
}
