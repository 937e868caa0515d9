import Foundation

/// The uniform grid both engines sort grains into when they list their contacts, so that each
/// grain looks at the grains in the 27 cells around it instead of every grain in the glass. A
/// cell is as wide as the lists reach (two radii and a skin), so every grain within reach lies
/// in those 27 cells. `grid.glsl` indexes cells exactly as `cell(of:)` and `index(of:)` do here.
public struct NeighbourGrid: Sendable, Equatable {
    /// Corner of cell (0, 0, 0): the inside of the glass starts here.
    public let origin: SIMD3<Float>
    public let cellSize: Float
    public let dimensions: SIMD3<Int32>

    /// Beyond this, cells grow instead (for grains far smaller than any count makes), so the
    /// grid's buffers stay a few megabytes.
    public static let maximumCellCount = 1 << 22
    /// A grid whose cells are at least `reach` wide.
    public init(profile: HourglassProfile, reach: Float) {
        let halfWidth = profile.inner.map(\.radius).max() ?? HourglassProfile.chamberRadius
        let halfHeight = profile.innerHalfHeight
        let extent = SIMD3<Float>(2 * halfWidth, 2 * halfHeight, 2 * halfWidth)
        let smallest = cbrt(extent.x * extent.y * extent.z / Float(Self.maximumCellCount))
        let size = max(reach, smallest)
        origin = SIMD3(-halfWidth, -halfHeight, -halfWidth)
        cellSize = size
        dimensions = SIMD3<Int32>(
            Int32(max(1, (extent.x / size).rounded(.up))),
            Int32(max(1, (extent.y / size).rounded(.up))),
            Int32(max(1, (extent.z / size).rounded(.up)))
        )
    }

    public var cellCount: Int { Int(dimensions.x) * Int(dimensions.y) * Int(dimensions.z) }

    /// The cell holding `position`; a position outside the glass counts in the nearest cell.
    public func cell(of position: SIMD3<Float>) -> SIMD3<Int32> {
        let scaled = ((position - origin) / cellSize).rounded(.down)
        var cell = SIMD3<Int32>.zero
        for axis in 0..<3 where scaled[axis] > 0 {
            cell[axis] = scaled[axis] >= Float(dimensions[axis] - 1) ? dimensions[axis] - 1 : Int32(scaled[axis])
        }
        return cell
    }

    /// Cells are numbered x fastest, so the three cells of a row along x are neighbours in
    /// the sorted order and the shader reads each row as one range.
    public func index(of cell: SIMD3<Int32>) -> Int {
        Int(cell.x) + Int(dimensions.x) * (Int(cell.y) + Int(dimensions.y) * Int(cell.z))
    }
}
