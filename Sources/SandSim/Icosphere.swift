/// The grain mesh of the instanced path: an icosahedron subdivided once, 42 vertices on the unit
/// sphere (so normals are the positions) and 80 faces.
public enum Icosphere {
    public static let vertexCount = 42
    public static let faceCount = 80
    public static let indicesPerGrain = faceCount * 3

    public static let vertices: [SIMD3<Float>] = build().vertices
    /// Counter-clockwise seen from outside.
    public static let indices: [UInt32] = build().indices

    private static func build() -> (vertices: [SIMD3<Float>], indices: [UInt32]) {
        let t = (1 + Float(5).squareRoot()) / 2
        var vertices: [SIMD3<Float>] = [
            [-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0],
            [0, -1, t], [0, 1, t], [0, -1, -t], [0, 1, -t],
            [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1],
        ].map { normalize($0) }
        let faces: [(Int, Int, Int)] = [
            (0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11),
            (1, 5, 9), (5, 11, 4), (11, 10, 2), (10, 7, 6), (7, 1, 8),
            (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8), (3, 8, 9),
            (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1),
        ]
        var midpoints: [Int: Int] = [:]
        func midpoint(_ a: Int, _ b: Int) -> Int {
            let key = min(a, b) * 64 + max(a, b)
            if let existing = midpoints[key] { return existing }
            vertices.append(normalize(vertices[a] + vertices[b]))
            midpoints[key] = vertices.count - 1
            return vertices.count - 1
        }
        var indices: [UInt32] = []
        for (a, b, c) in faces {
            let ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a)
            for face in [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)] {
                indices += [UInt32(face.0), UInt32(face.1), UInt32(face.2)]
            }
        }
        return (vertices, indices)
    }

    private static func normalize(_ v: SIMD3<Float>) -> SIMD3<Float> {
        v / (v * v).sum().squareRoot()
    }

    /// The static index buffer for `grains` grains: the 240 indices, offset by 42 per grain.
    public static func indexBuffer(grains: Int) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(grains * indicesPerGrain)
        for grain in 0..<grains {
            let offset = UInt32(grain * vertexCount)
            result += indices.map { $0 + offset }
        }
        return result
    }
}

/// One vertex of the expanded grain mesh: position (12 B) + normal (12 B) + RGBA8 colour (4 B).
public enum MeshVertexLayout {
    public static let stride = 28
    public static let words = stride / 4
    public static let positionOffset = 0
    public static let normalOffset = 12
}
