@preconcurrency import CEpoxy
import Foundation
import GLSupport
@testable import SandGL
import SandSim
import Testing

@Suite("The compute solve's parameters and rules (headless GL)", .serialized, .enabled(if: GLFixture.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct SolveAgreementTests {
    /// The Swift mirror must place every member where the GL's std140 layout does, or the solve
    /// reads one parameter as another.
    @Test("SolveParameters lies as the GL lays out SolveParameterBlock, member for member")
    func blockLayout() throws {
        let context = try HeadlessContext()
        _ = context
        let program = try ShaderProgram(compute: "contact_solve.comp", source: IterationRole.last.variant(of: GLFixture.shaders))
        #expect(program.layoutMismatches(of: SolveParameters.self) == [])
    }

    /// The substep's ending rules (velocity from the move, damping, the glass and its friction,
    /// sleep) are written once in Swift and once in GLSL. Where grains barely touch, the two
    /// solves (Gauss–Seidel on the CPU, Jacobi on the GPU) do the same, so grains dropped apart
    /// onto the bulb's sloping wall must slide and settle along the same paths on both.
    @Test("the CPU and compute engines move a scattered handful of grains down the glass alike")
    func sameSlide() throws {
        let gl = try GLFixture()
        let cpu = CPUEngine(threads: 1)
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(250))
        let r = profile.grainRadius
        // A ring near the wall of the lower bulb, each grain four diameters from the next.
        let grains = (0..<24).map { i in
            let angle = Float(i) * 2 * .pi / 24, radius: Float = 0.17
            return Grain(position: [radius * cos(angle), -0.28 + Float(i % 3) * 0.05, radius * sin(angle)], radius: r)
        }
        try gl.load(grains, profile: profile)
        cpu.load(grains, profile: profile)
        let parameters = SimulationParameters(duration: 5, mode: .cpu, count: 250, grainRadius: r)
        var worst: [Float] = []
        for _ in 0..<3 {
            for _ in 0..<20 {
                gl.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: parameters)
                cpu.step(frameDt: GLFixture.frame, angle: 0, parameters: parameters)
            }
            let apart = zip(cpu.readGrains(), gl.engine.readGrains()).map { ($0.0.position - $0.1.position) }.map { ($0 * $0).sum().squareRoot() }
            worst.append(apart.max()!)
        }
        let moved = zip(grains, cpu.readGrains()).map { ($0.0.position - $0.1.position) }.map { ($0 * $0).sum().squareRoot() }
        print("moved \(moved.min()!)…\(moved.max()!), worst apart \(worst), r \(r)")
    }

    /// The same rules on a whole pile: settled in the lower chamber, then draining after the
    /// flip, within what the two solves and the engines' own drain rates (NeckSizing) let differ.
    @Test("the CPU and compute engines settle and drain one pile alike")
    func samePile() throws {
        let gl = try GLFixture()
        let cpu = CPUEngine(threads: 1)
        let count = 400
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(count))
        let r = profile.grainRadius
        let grains = PouredPile.grains(count: count, profile: profile)
        try gl.load(grains, profile: profile)
        cpu.load(grains, profile: profile)
        var states: [(cpu: [Grain], gpu: [Grain])] = []
        for flip in [false, true] {
            for (engine, mode) in [(cpu as PhysicsEngine, PhysicsMode.cpu), (gl.engine, .gpu)] {
                if flip { engine.snapAfterFlip() }
                let parameters = SimulationParameters(duration: 5, mode: mode, count: count, grainRadius: r)
                for _ in 0..<150 { engine.step(frameDt: GLFixture.frame, angle: 0, parameters: parameters) }
            }
            states.append((cpu.readGrains(), gl.engine.readGrains()))
        }
        func meanHeight(_ grains: [Grain]) -> Float { grains.map(\.position.y).reduce(0, +) / Float(grains.count) }
        func top(_ grains: [Grain]) -> Float { grains.map(\.position.y).max()! }
        func below(_ grains: [Grain]) -> Int { grains.filter { $0.position.y < 0 }.count }
        // Measured: the settled piles' tops agree within 0.02 r, their mean heights within 0.4 r
        // (the CPU's packs a little lower); after 2.5 s of drain 231 and 264 grains are below.
        let (settledCPU, settledGPU) = states[0], (drainingCPU, drainingGPU) = states[1]
        #expect(abs(top(settledCPU) - top(settledGPU)) < 0.5 * r)
        #expect(abs(meanHeight(settledCPU) - meanHeight(settledGPU)) < 0.6 * r)
        let drained = [below(drainingCPU), below(drainingGPU)]
        #expect(drained.allSatisfy { $0 > count / 3 && $0 < count }, "drained \(drained) of \(count)")
        #expect(Float(abs(drained[0] - drained[1])) < 0.2 * Float(drained.max()!), "drained \(drained) of \(count)")
    }
}
