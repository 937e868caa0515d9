import ArgumentParser

extension WavesScene.Poke {
    /// One `run --poke X,Y[@SECONDS]` (the option's transform): each coordinate 0–1, the time at
    /// least 0 (0 if none).
    static func parse(_ text: String) throws -> WavesScene.Poke {
        guard let point = ScriptText.point(text), let seconds = point.time.map(ScriptText.seconds) ?? 0 else {
            throw ValidationError("give X,Y with each 0–1, optionally @SECONDS (at least 0)")
        }
        return WavesScene.Poke(x: point.x, y: point.y, seconds: seconds)
    }
}
