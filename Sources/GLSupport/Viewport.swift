/// A viewport in framebuffer pixels, origin at the bottom left as GL counts.
public struct Viewport: Sendable, Equatable {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

extension Viewport {
    /// The part of this rectangle inside `other`; nil where they do not meet.
    public func clipped(to other: Viewport) -> Viewport? {
        let left = max(x, other.x), bottom = max(y, other.y)
        let right = min(x + width, other.x + other.width), top = min(y + height, other.y + other.height)
        return right > left && top > bottom ? Viewport(x: left, y: bottom, width: right - left, height: top - bottom) : nil
    }

    /// The smallest rectangle holding this one and `other`.
    public func union(_ other: Viewport) -> Viewport {
        let left = min(x, other.x), bottom = min(y, other.y)
        let right = max(x + width, other.x + other.width), top = max(y + height, other.y + other.height)
        return Viewport(x: left, y: bottom, width: right - left, height: top - bottom)
    }
}
