import Foundation

/// A 4×4 matrix in GL's column-major order: just what a fixed camera and a turning container need.
public struct Matrix4: Sendable, Equatable {
    public var columns: [Float]

    public init(columns: [Float]) {
        self.columns = columns
    }

    public static let identity = Matrix4(columns: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    public subscript(row: Int, column: Int) -> Float {
        get { columns[column * 4 + row] }
        set { columns[column * 4 + row] = newValue }
    }

    public static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        var result = Matrix4(columns: [Float](repeating: 0, count: 16))
        for row in 0..<4 {
            for column in 0..<4 {
                result[row, column] = (0..<4).reduce(0) { $0 + a[row, $1] * b[$1, column] }
            }
        }
        return result
    }

    public func transform(_ p: SIMD3<Float>) -> SIMD3<Float> {
        let v = transformHomogeneous(p)
        return SIMD3(v.x, v.y, v.z) / v.w
    }

    /// The point (w = 1) transformed, before the divide by w: clip coordinates from a projection.
    public func transformHomogeneous(_ p: SIMD3<Float>) -> SIMD4<Float> {
        let v = SIMD4<Float>(p, 1)
        return SIMD4((0..<4).map { row in (0..<4).reduce(Float(0)) { $0 + self[row, $1] * v[$1] } })
    }

    /// Turn by `angle` about X, the way the container turns in a flip.
    public static func rotationX(_ angle: Float) -> Matrix4 {
        let c = cos(angle), s = sin(angle)
        return Matrix4(columns: [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1])
    }

    /// Turn by `angle` about Y (right-handed: +x toward −z).
    public static func rotationY(_ angle: Float) -> Matrix4 {
        let c = cos(angle), s = sin(angle)
        return Matrix4(columns: [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1])
    }

    public static func translation(_ t: SIMD3<Float>) -> Matrix4 {
        Matrix4(columns: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, t.x, t.y, t.z, 1])
    }

    public static func scale(_ s: SIMD3<Float>) -> Matrix4 {
        Matrix4(columns: [s.x, 0, 0, 0, 0, s.y, 0, 0, 0, 0, s.z, 0, 0, 0, 0, 1])
    }

    public static func perspective(fovYDegrees: Float, aspect: Float, near: Float, far: Float) -> Matrix4 {
        let f = 1 / tan(fovYDegrees * .pi / 360)
        return Matrix4(columns: [
            f / aspect, 0, 0, 0,
            0, f, 0, 0,
            0, 0, (far + near) / (near - far), -1,
            0, 0, 2 * far * near / (near - far), 0,
        ])
    }
}
