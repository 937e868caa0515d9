import ArgumentParser

extension SparklesScene.Script {
    /// `run --press X,Y[@START[-END]]` and `--drag X,Y@SECONDS`, checked: each coordinate 0–1, times
    /// at least 0, an end after its start, a drag only after a press.
    static func parse(presses: [String], drags: [String]) throws -> Self {
        func point(_ text: Substring) -> (Float, Float)? {
            let parts = ArgumentChecks.numbers(String(text), separator: ",")
            guard parts.count == 2, let x = parts[0], let y = parts[1], [x, y].allSatisfy({ (0...1).contains($0) }) else { return nil }
            return (x, y)
        }
        func seconds(_ text: Substring) -> Float? {
            guard let value = Float(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0 else { return nil }
            return value
        }
        var script = Self()
        for text in presses {
            let halves = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let times = halves.count > 1 ? halves[1].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false) : []
            let start = times.first.map(seconds) ?? 0, end = times.count > 1 ? seconds(times[1]) : nil
            guard let (x, y) = point(halves[0]), let start, times.count < 2 || (end != nil && end! > start) else {
                throw ValidationError("--press \(text) is not X,Y with each 0–1, optionally @START or @START-END in seconds (END after START)")
            }
            script.presses.append(.init(x: x, y: y, start: start, end: end))
        }
        for text in drags {
            let halves = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            guard halves.count == 2, let (x, y) = point(halves[0]), let at = seconds(halves[1]) else {
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
            script.drags.append(.init(x: x, y: y, seconds: at))
        }
        return script
    }
}
