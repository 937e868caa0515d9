/// A brief message over the scene that fades after a couple of seconds.
struct Toast {
    static let seconds: Float = 2.5
    let text: String
    private(set) var remaining = Toast.seconds

    init(_ text: String) { self.text = text }

    /// The last half second fades out.
    var alpha: Float { min(1, remaining / 0.5) }

    /// Nil once it has run out.
    func advanced(by dt: Float) -> Toast? {
        var next = self
        next.remaining -= dt
        return next.remaining > 0 ? next : nil
    }
}
