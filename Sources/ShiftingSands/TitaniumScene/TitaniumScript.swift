import ArgumentParser

extension TitaniumScene.Script {
    /// `run --cursor X,Y@SECONDS` and `--theme-change-at SECONDS`, checked: coordinates 0–1, times at least 0.
    static func parse(cursor: [String], themeChanges: [String]) throws -> Self {
        let points = try cursor.map { text in
            guard let point = ScriptText.point(text), let seconds = point.time.flatMap(ScriptText.seconds) else {
                throw ValidationError("--cursor \(text) is not X,Y@SECONDS with each coordinate 0–1 and SECONDS at least 0")
            }
            return PointerPath.Point(x: point.x, y: point.y, seconds: seconds)
        }
        let changes = try themeChanges.map { text in
            guard let seconds = ScriptText.seconds(Substring(text)) else {
                throw ValidationError("--theme-change-at \(text) is not a time in seconds (at least 0)")
            }
            return seconds
        }
        return Self(cursor: PointerPath(points), themeChanges: changes)
    }
}
