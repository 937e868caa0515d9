import GLSupport
import SandSim

/// The Swift mirror of `SolveParameterBlock` (solve_parameters.glsl), member for member in
/// std140 order: everything the solve, the write-back and the flip read, uploaded as one block a
/// substep (SolveParameterRing). `layout` names each member's offset for the test that compares
/// it with the GL's.
struct SolveParameters: UniformBlockMirror {
    static let blockName = "SolveParameterBlock"
    static var binding: Int { ComputeBindings.solveParameters }

    var gravity = PackedFloat3(.zero)
    var subDt: Float = 0
    var up = PackedFloat3([0, 1, 0])
    var speedScale: Float = 1
    var flowDamping: Float = 1
    var settleDamping: Float = 1
    var neckDamping: Float = 0
    var relistDistance: Float = 0
    var profileMinY: Float = 0
    var profileSpacing: Float = 1
    var floorY: Float = 0
    var grainCount: UInt32 = 0
    var frameIndex: UInt32 = 0
    var sleepEnabled: UInt32 = 0
    var firstSubstep: UInt32 = 0
    var relistStages: UInt32 = 0
    var armedSlot: UInt32 = 0
    var spentSlot: UInt32 = 0
    var templateSlot: UInt32 = 0
    /// 1 where every substep is checked (a small pile's tick), 0 in a substep that arms no check.
    var relistLookahead: Float = 1
    var relistSlack: Float = 0
    /// std140 rounds a block up to 16 bytes, and a bound range must cover all of it.
    private var padding0: UInt32 = 0, padding1: UInt32 = 0, padding2: UInt32 = 0

    /// The glass's lookup table and floor.
    mutating func setGlass(_ table: ProfileLookupTable, floorY: Float) {
        (profileMinY, profileSpacing, self.floorY) = (table.minY, table.spacing, floorY)
    }
}
