import ArgumentParser

extension WavesScene.Poke {
    /// `run --poke X,Y[@SECONDS]`, checked: each coordinate 0–1, the time at least 0 (0 if none).
    static func parse(_ pokes: [String]) throws -> [WavesScene.Poke] {
        try pokes.map { text in
            guard let point = ScriptText.point(text), let seconds = point.time.map(ScriptText.seconds) ?? 0 else {
                throw ValidationError("--poke \(text) is not X,Y with each 0–1, optionally @SECONDS (at least 0)")
            }
            return WavesScene.Poke(x: point.x, y: point.y, seconds: seconds)
        }
    }
}
