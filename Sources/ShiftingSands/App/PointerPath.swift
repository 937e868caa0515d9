/// A scripted pointer's path (`run --cursor`, `--press` with `--drag`): points in 0–1 of the
/// window from the top left, each reached at its second; between two the pointer glides in a
/// straight line, and after the last it stays there.
struct PointerPath: Equatable {
    struct Point: Equatable { var x, y, seconds: Float }
    /// In order of time.
    var points: [Point] = []

    init(_ points: [Point] = []) {
        self.points = points.sorted { $0.seconds < $1.seconds }
    }

    /// Where the pointer is at `time`; nil before the first point.
    func position(at time: Float) -> (x: Float, y: Float)? {
        guard let first = points.first, time >= first.seconds else { return nil }
        var at = (x: first.x, y: first.y)
        for (a, b) in zip(points, points.dropFirst()) where time > a.seconds {
            let f = b.seconds > a.seconds ? min((time - a.seconds) / (b.seconds - a.seconds), 1) : 1
            at = (a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
        }
        return at
    }
}
