import Foundation

/// Triangles ready for a renderer: interleaved arrays and 32-bit indices, no GL types.
public struct SurfaceMesh: Sendable {
    public var positions: [SIMD3<Float>] = []
    public var normals: [SIMD3<Float>] = []
    public var indices: [UInt32] = []

    public init() {}

    /// Turns a profile about the Y axis. `segments` around, the seam vertex repeated so each
    /// ring closes; normals come from the profile's slope, pointing away from the axis.
    public static func revolution(of profile: [ProfilePoint], segments: Int) -> SurfaceMesh {
        var mesh = SurfaceMesh()
        let ringSize = segments + 1
        for (index, point) in profile.enumerated() {
            let below = profile[max(index - 1, 0)], above = profile[min(index + 1, profile.count - 1)]
            let slope = SIMD2<Float>(above.radius - below.radius, above.y - below.y)
            let outward = SIMD2<Float>(slope.y, -slope.x) / max((slope * slope).sum().squareRoot(), 1e-9)
            for segment in 0...segments {
                let angle = 2 * Float.pi * Float(segment) / Float(segments)
                mesh.positions.append(SIMD3(point.radius * cos(angle), point.y, point.radius * sin(angle)))
                mesh.normals.append(SIMD3(outward.x * cos(angle), outward.y, outward.x * sin(angle)))
            }
        }
        for ring in 0..<(profile.count - 1) {
            for segment in 0..<segments {
                let a = UInt32(ring * ringSize + segment), b = a + 1
                let c = a + UInt32(ringSize), d = c + 1
                mesh.indices += [a, c, b, b, c, d]
            }
        }
        return mesh
    }

    /// The frame's end caps: a short closed cylinder at each end of the glass.
    public static func caps(radius: Float, thickness: Float, halfHeight: Float, segments: Int) -> SurfaceMesh {
        var mesh = SurfaceMesh()
        for sign: Float in [-1, 1] {
            let low = min(halfHeight * sign, (halfHeight + thickness) * sign)
            let high = max(halfHeight * sign, (halfHeight + thickness) * sign)
            // Bottom to top, so the slope-derived normals point out of the disc.
            let outline: [ProfilePoint] = [
                ProfilePoint(radius: 0, y: low), ProfilePoint(radius: radius, y: low),
                ProfilePoint(radius: radius, y: high), ProfilePoint(radius: 0, y: high),
            ]
            // Each face gets its own vertices so the edges stay sharp.
            for (a, b) in zip(outline, outline.dropFirst()) {
                mesh.append(revolution(of: [a, b], segments: segments))
            }
        }
        return mesh
    }

    mutating func append(_ other: SurfaceMesh) {
        let offset = UInt32(positions.count)
        positions += other.positions
        normals += other.normals
        indices += other.indices.map { $0 + offset }
    }
}

extension HourglassProfile {
    public static let revolutionSegments = 64

    /// The visible glass: the outer surface only (drawing the inner one too would double the
    /// glass's opacity), through every `profileStride`-th point of the profile (its ends and the
    /// neck's stay for a stride of 2).
    public func glassMesh(segments: Int = revolutionSegments, profileStride: Int = 1) -> SurfaceMesh {
        SurfaceMesh.revolution(of: stride(from: 0, to: outer.count, by: profileStride).map { outer[$0] }, segments: segments)
    }

    /// How thick each cap of the frame is.
    public static let capThickness: Float = 0.03

    /// The caps' radius: a little wider than the glass's ends.
    public var capRadius: Float { outer[0].radius * 1.25 }

    /// Top and bottom caps of the frame.
    public func capsMesh(segments: Int = revolutionSegments) -> SurfaceMesh {
        SurfaceMesh.caps(radius: capRadius, thickness: Self.capThickness, halfHeight: PhysicsConstants.glassHalfHeight, segments: segments)
    }
}
