import ArgumentParser

extension SparklesScene.Script {
    /// One `run --press X,Y[@START[-END]]` (the option's transform): each coordinate 0–1, times at
    /// least 0, an end after its start.
    static func press(_ text: String) throws -> Press {
        let point = ScriptText.point(text)
        let times = point?.time.map { $0.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false) } ?? []
        let start = times.first.map(ScriptText.seconds) ?? 0, end = times.count > 1 ? ScriptText.seconds(times[1]) : nil
        guard let point, let start, times.count < 2 || (end != nil && end! > start) else {
            throw ValidationError("give X,Y with each 0–1, optionally @START or @START-END in seconds (END after START)")
        }
        return Press(x: point.x, y: point.y, start: start, end: end)
    }

    /// One `run --drag X,Y@SECONDS` (the option's transform): each coordinate 0–1, the time at
    /// least 0.
    static func drag(_ text: String) throws -> PointerPath.Point {
        guard let point = ScriptText.point(text), let at = point.time.flatMap(ScriptText.seconds) else {
            throw ValidationError("give X,Y@SECONDS with each coordinate 0–1 and SECONDS at least 0")
        }
        return PointerPath.Point(x: point.x, y: point.y, seconds: at)
    }

    /// The presses and drags as one script, checked together: a drag only while a press holds,
    /// the drags in order of time.
    static func checked(presses: [Press], drags: [PointerPath.Point]) throws -> Self {
        var script = Self(presses: presses)
        for drag in drags {
            let named = "--drag \(drag.x),\(drag.y)@\(drag.seconds)"
            guard presses.contains(where: { $0.start < drag.seconds }) else {
                throw ValidationError("\(named) comes before any --press; a drag moves a pressed pointer")
            }
            guard presses.contains(where: { $0.start < drag.seconds && ($0.end.map { drag.seconds <= $0 } ?? true) }) else {
                throw ValidationError("\(named) comes after the press is released; a drag moves a pressed pointer")
            }
            guard script.drags.last.map({ $0.seconds < drag.seconds }) ?? true else {
                throw ValidationError("\(named) goes back in time; give the drags in order")
            }
            script.drags.append(drag)
        }
        return script
    }
}
