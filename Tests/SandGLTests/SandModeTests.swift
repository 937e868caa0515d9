@testable import SandGL
import GLSupport
import SandSim
import Testing

@Suite("Modes as values")
struct SandModeTests {
    @Test("with no GL every mode runs on the CPU engine and offers the CPU's counts")
    func withoutGL() throws {
        for mode in PhysicsMode.allCases {
            let made = try SandModes.make(mode, shaders: nil)
            #expect(made.mode == .cpu && made.counters == nil)
            #expect(SandModes.countRange(mode, gl: false) == PhysicsMode.cpu.countRange)
        }
    }

    /// Impostors are drawn from the engine's own particles: a count whose meshes would not fit
    /// one storage block (114,130 grains on llvmpipe's 128 MB) loads and draws, and asking for
    /// meshes draws impostors, said once.
    @Test("Instanced mode holds more grains than its meshes would fit, drawn as impostors", .enabled(if: GLFixture.unavailableReason == nil))
    func beyondMeshes() throws {
        let gl = try GLFixture()
        let most = try #require(MeshExpansion.largestCount(), "this GL states no storage block limit")
        let count = most + 1
        #expect(count <= SandModes.countRange(.instanced, gl: true).upperBound)
        let instanced = try SandModes.make(.instanced, shaders: GLFixture.shaders)
        try instanced.engine.spawn(count: count)
        try instanced.setColors(GrainColors.perGrain(count: count, random: false))
        instanced.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: SimulationParameters(duration: 5))
        guard case .particles(let grains) = try instanced.present(shape: .impostor, timed: false).source else {
            Issue.record("impostors should be drawn from the engine's particles")
            return
        }
        #expect(grains.count == count)
        let asMeshes = try instanced.present(shape: .mesh, timed: false)
        guard case .particles = asMeshes.source else {
            Issue.record("meshes beyond the storage block limit should fall back to impostors")
            return
        }
        #expect(asMeshes.notice == .impostorsForMeshes(count: count, most: most))
        #expect(try instanced.present(shape: .mesh, timed: false).notice == nil, "said once")
        _ = gl
    }
}
