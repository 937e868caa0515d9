import Foundation
import GLSupport
import SandSim

/// Where the hourglass stands: its lower cap on the desk, turned by the flip's angle about X
/// through its centre and raised while it turns just enough that no rim of a cap goes through
/// the desk.
public struct HourglassPlacement: Sendable, Equatable {
    public let angle: Float
    /// How far the container is raised above its resting place.
    public let lift: Float
    /// How high its lowest point stands above the desk: 0 at rest and while it is raised.
    public let clearance: Float

    public init(angle: Float, capRadius: Float) {
        self.angle = angle
        let halfHeight = -Desk.height
        let reach = halfHeight * abs(cos(angle)) + capRadius * abs(sin(angle))
        lift = max(0, reach - halfHeight)
        clearance = lift - reach + halfHeight
    }

    /// Container frame to world.
    public var model: Matrix4 { Matrix4.translation([0, lift, 0]) * Matrix4.rotationX(angle) }

    /// World to the container frame.
    public var containerFromWorld: Matrix4 { Matrix4.rotationX(-angle) * Matrix4.translation([0, -lift, 0]) }
}
