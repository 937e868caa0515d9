import ArgumentParser

extension TitaniumScene.Script {
    /// `run --cursor X,Y@SECONDS` and `--theme-change-at SECONDS`, checked: coordinates 0–1, times at least 0.
    static func parse(cursor: [String], themeChanges: [String]) throws -> Self {
        var script = Self()
        for text in cursor {
            let halves = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let parts = ArgumentChecks.numbers(String(halves[0]), separator: ",")
            let seconds = halves.count == 2 ? Float(halves[1].trimmingCharacters(in: .whitespaces)) : nil
            guard parts.count == 2, let x = parts[0], let y = parts[1], [x, y].allSatisfy({ (0...1).contains($0) }),
                  let seconds, seconds.isFinite, seconds >= 0 else {
                throw ValidationError("--cursor \(text) is not X,Y@SECONDS with each coordinate 0–1 and SECONDS at least 0")
            }
            script.points.append(.init(x: x, y: y, seconds: seconds))
        }
        for text in themeChanges {
            guard let seconds = Float(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0 else {
                throw ValidationError("--theme-change-at \(text) is not a time in seconds (at least 0)")
            }
            script.themeChanges.append(seconds)
        }
        return script
    }
}
