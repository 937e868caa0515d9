import ArgumentParser

extension TitaniumScene.Script {
    /// One `run --cursor X,Y@SECONDS` (the option's transform): coordinates 0–1, the time at least 0.
    static func cursorPoint(_ text: String) throws -> PointerPath.Point {
        guard let point = ScriptText.point(text), let seconds = point.time.flatMap(ScriptText.seconds) else {
            throw ValidationError("give X,Y@SECONDS with each coordinate 0–1 and SECONDS at least 0")
        }
        return PointerPath.Point(x: point.x, y: point.y, seconds: seconds)
    }

    /// One `run --theme-change-at SECONDS` (the option's transform): at least 0.
    static func themeChange(_ text: String) throws -> Float {
        guard let seconds = ScriptText.seconds(Substring(text)) else {
            throw ValidationError("give a time in seconds (at least 0)")
        }
        return seconds
    }
}
