import Testing
import SandGL

@Suite("The camera's orbit")
struct CameraTests {
    @Test("a right drag upward stops with the camera above the desk's plane, at every distance; downward short of straight over")
    func staysAboveTheDesk() {
        for distance in stride(from: Camera.distanceRange.lowerBound, through: Camera.distanceRange.upperBound, by: 0.4) {
            let under = Camera(pitch: 0, distance: distance).orbited(yaw: 0, pitch: -3)
            #expect(under.position.y >= Camera.lowestHeight - 1e-4, "at \(distance) the camera stands at \(under.position.y)")
            #expect(under.position.y < 0, "from below the hourglass's middle it still looks up at it")
            #expect(Camera(pitch: 0, distance: distance).orbited(yaw: 0, pitch: 3).pitch == Camera.pitchLimit)
        }
        // Zoomed in from the lowest place far out, the camera rises with the limit.
        let zoomed = Camera(pitch: -3, distance: 8).zoomed(by: 6)
        #expect(zoomed.position.y >= Camera.lowestHeight - 1e-4)
    }
}
