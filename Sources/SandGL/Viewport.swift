/// A viewport in framebuffer pixels, origin at the bottom left as GL counts.
public struct Viewport: Sendable, Equatable {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}
