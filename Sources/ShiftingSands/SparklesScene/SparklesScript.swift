import ArgumentParser

extension SparklesScene.Script {
    /// `run --press X,Y[@START[-END]]` and `--drag X,Y@SECONDS`, checked: each coordinate 0–1, times
    /// at least 0, an end after its start, a drag only after a press.
    static func parse(presses: [String], drags: [String]) throws -> Self {
        var script = Self()
        for text in presses {
            let point = ScriptText.point(text)
            let times = point?.time.map { $0.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false) } ?? []
            let start = times.first.map(ScriptText.seconds) ?? 0, end = times.count > 1 ? ScriptText.seconds(times[1]) : nil
            guard let point, let start, times.count < 2 || (end != nil && end! > start) else {
                throw ValidationError("--press \(text) is not X,Y with each 0–1, optionally @START or @START-END in seconds (END after START)")
            }
            script.presses.append(.init(x: point.x, y: point.y, start: start, end: end))
        }
        for text in drags {
            guard let point = ScriptText.point(text), let at = point.time.flatMap(ScriptText.seconds) else {
                throw ValidationError("--drag \(text) is not X,Y@SECONDS with each coordinate 0–1 and SECONDS at least 0")
            }
            guard script.presses.contains(where: { $0.start < at }) else {
                throw ValidationError("--drag \(text) comes before any --press; a drag moves a pressed pointer")
            }
            guard script.presses.contains(where: { $0.start < at && ($0.end.map { at <= $0 } ?? true) }) else {
                throw ValidationError("--drag \(text) comes after the press is released; a drag moves a pressed pointer")
            }
            guard script.drags.last.map({ $0.seconds < at }) ?? true else {
                throw ValidationError("--drag \(text) goes back in time; give the drags in order")
            }
            script.drags.append(.init(x: point.x, y: point.y, seconds: at))
        }
        return script
    }
}
