import Foundation
@testable import SandGL
import GLSupport
import SandSim
import Testing

@Suite("Compute engine (headless GL)", .serialized, .enabled(if: GLFixture.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct ComputeEngineTests {
    let r = GLFixture.profile.grainRadius
    var floorY: Float { -GLFixture.profile.innerHalfHeight + r }

    @Test("a free grain falls under gravity")
    func gravity() throws {
        let gl = try GLFixture()
        try gl.load([Grain(position: [0, -0.2, 0], radius: r)])
        gl.run(seconds: 0.25)
        let grain = gl.engine.readGrains()[0]
        let freeFall: Float = 0.5 * 1 * 0.25 * 0.25
        #expect(-0.2 - grain.position.y > 0.9 * freeFall)
        #expect(grain.velocity.y < -0.2)
    }

    @Test("CPU and GPU agree on a single falling grain's trajectory, and where it lands")
    func cpuAgreement() throws {
        let gl = try GLFixture()
        let start = Grain(position: [0.05, -0.25, -0.03], radius: r, velocity: [0.02, 0, 0])
        try gl.load([start])
        let cpu = CPUEngine()
        cpu.load([start], profile: GLFixture.profile)
        gl.engine.substeps = cpu.substeps
        let parameters = SimulationParameters(duration: 5)
        var worstInFlight: Float = 0, framesInFlight = 0
        for _ in 0..<60 {
            gl.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: parameters)
            cpu.step(frameDt: GLFixture.frame, angle: 0, parameters: parameters)
            let onCPU = cpu.readGrains()[0].position
            guard onCPU.y > floorY + 1e-4 else { continue }
            let difference = gl.engine.readGrains()[0].position - onCPU
            worstInFlight = max(worstInFlight, (difference * difference).sum().squareRoot())
            framesInFlight += 1
        }
        #expect(framesInFlight > 30)
        #expect(worstInFlight < 1e-5)
        // Landed, both rest on the floor; the GPU's cutoff stops the slide sooner.
        let gpuEnd = gl.engine.readGrains()[0].position, cpuEnd = cpu.readGrains()[0].position
        #expect(abs(gpuEnd.y - floorY) < 1e-4 && abs(cpuEnd.y - floorY) < 1e-4)
        #expect(abs(gpuEnd.x - cpuEnd.x) < r / 4)
    }

    /// The solve works on the grains in cell order; whatever it reorders, grain i must come back
    /// as grain i. Grains loaded in shuffled order drift apart-free across many cells (sorted
    /// again and again) and must follow the CPU engine's grains of the same index.
    @Test("grains keep their identity through the sorts: grain i comes back as grain i")
    func identity() throws {
        let gl = try GLFixture()
        let r = GrainSizing.radiusForCount(5000)
        var random = SeededRandom(seed: 11)
        var grains: [Grain] = []
        for i in 0..<64 {
            let lattice = SIMD3<Float>(Float(i % 4), Float(i / 4 % 4), Float(i / 16)) * 0.04
            let jitter = SIMD3<Float>(Float.random(in: -1...1, using: &random), Float.random(in: -1...1, using: &random), Float.random(in: -1...1, using: &random)) * 0.002
            grains.append(Grain(position: SIMD3(-0.1, -0.35, -0.07) + lattice, radius: r, velocity: SIMD3(0.2, 0, 0.1) + jitter))
        }
        grains.shuffle(using: &random)
        let profile = HourglassProfile(grainRadius: r)
        try gl.load(grains, profile: profile)
        let cpu = CPUEngine()
        cpu.load(grains, profile: profile)
        let weightless = SimulationParameters(gravity: 0, neckDamping: 0)
        for _ in 0..<15 {
            gl.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: weightless)
            cpu.step(frameDt: GLFixture.frame, angle: 0, parameters: weightless)
        }
        #expect(gl.engine.sortCount() > 2, "the grains should have been sorted again on the way")
        let gpu = gl.engine.readGrains(), expected = cpu.readGrains()
        let worst = zip(gpu, expected).map { ($0.0.position - $0.1.position) }.map { ($0 * $0).sum().squareRoot() }.max() ?? 1
        #expect(worst < 1e-5, "a grain is \(worst) from where grain of its index is on the CPU")
        #expect(gl.engine.particleBuffer.read(Grain.self, count: grains.count) == gpu)
    }

    /// A stack resting on one grain after another carries its whole weight through every contact:
    /// a Jacobi solve that averages each grain's contacts must still hold it up, not let it sink
    /// into itself or bounce.
    @Test("a column of ten grains stands on the floor without sinking into itself")
    func column() throws {
        let gl = try GLFixture()
        let grains = (0..<10).map { Grain(position: [0, floorY + Float($0) * 2.02 * r, 0], radius: r) }
        try gl.load(grains)
        gl.run(seconds: 3)
        let state = gl.engine.readGrains()
        let gaps = zip(state, state.dropFirst()).map { ($0.1.position - $0.0.position) }.map { ($0 * $0).sum().squareRoot() / (2 * r) }
        #expect(gaps.min()! > 0.98, "two grains of the column overlap by \(1 - gaps.min()!) diameters")
        #expect(state.map(\.speed).max()! < 0.01)
        #expect(abs(state[9].position.x) < 1e-4 && abs(state[9].position.z) < 1e-4, "the column leans")
    }

    /// Each grain moves only itself from what the previous iteration left, so the order in which
    /// invocations run, and in which the sort's atomics placed the grains, changes nothing.
    @Test("two runs of one draining pile give the same grains, to the bit")
    func deterministic() throws {
        let gl = try GLFixture()
        var runs: [[Grain]] = []
        for _ in 0..<2 {
            try gl.engine.spawn(count: 300)
            gl.engine.snapAfterFlip()
            gl.run(seconds: 1)
            runs.append(gl.engine.readGrains())
        }
        #expect(gl.engine.sortCount() > 1)
        #expect(runs[0] == runs[1])
    }

    /// A small pile's tick runs in one dispatch and a large pile's a substep at a time; both
    /// solve and list alike (solve_grain.glsl, neighbour_list.glsl), so one pile run both ways
    /// must end where it ends, sorted as often, and count the same grains above the neck.
    @Test("one dispatch a tick and dispatches a substep give the same draining pile")
    func pathsAgree() throws {
        let gl = try GLFixture()
        var piles: [[Grain]] = [], sorts: [Int] = [], above: [Int?] = []
        // The large path as the small one cuts its ticks: for the fall, checked every substep.
        gl.engine.schedulesForMeasuredSpeed = false
        for path in [ComputeEngine.TickPath.oneDispatch, .dispatchesPerSubstep] {
            gl.engine.forcedPath = path
            try gl.engine.spawn(count: 300)
            #expect(gl.engine.path == path)
            gl.engine.snapAfterFlip()
            gl.run(seconds: 1)
            gl.engine.requestUpperCount(tag: 1)
            // Reading the grains waits for the GPU, so the count's fence has passed too.
            piles.append(gl.engine.readGrains())
            sorts.append(gl.engine.sortCount())
            above.append(gl.engine.latestUpperCount()?.count)
        }
        let diameter = 2 * piles[0][0].radius
        let worst = zip(piles[0], piles[1]).map { ($0.0.position - $0.1.position) }.map { ($0 * $0).sum().squareRoot() }.max() ?? 1
        #expect(worst < 0.01 * diameter, "a grain ends \(worst / diameter) diameters from where the other path puts it")
        #expect(sorts[0] == sorts[1] && sorts[0] > 1, "sorted \(sorts) times")
        #expect(above[0] != nil && above[0] == above[1] && above[0]! > 100, "above the neck: \(above)")
        #expect(piles[0].map(\.speed).max()! > 0.1, "the pile should still be draining")
    }

    /// llvmpipe ends a dispatch's loops after 65,535 passes for each eight invocations, which
    /// would cut a tick short in silence (slow motion): the largest small pile, draining after
    /// a flip, must finish every substep it was given.
    @Test("a small pile's tick finishes every substep, at the largest count, as it drains")
    func tickNotCutShort() throws {
        let gl = try GLFixture()
        try gl.engine.spawn(count: ComputeEngine.TickPath.largestOneDispatchCount)
        #expect(gl.engine.path == .oneDispatch)
        gl.run(seconds: 2)
        gl.engine.snapAfterFlip()
        var cut: [Int] = []
        // The first second after the flip, while the sand falls fastest and lists most often.
        for _ in 0..<60 {
            gl.run(seconds: GLFixture.frame)
            if gl.engine.substepsFinished() != min(gl.engine.lastSubsteps, ComputeEngine.TickPath.substepsPerDispatch) { cut.append(gl.engine.lastSubsteps) }
        }
        #expect(cut.isEmpty, "ticks cut short: \(cut)")
        #expect(gl.engine.sortCount() > 3)
    }

    @Test("a small pile's tick is one dispatch and one barrier, its count above the neck included")
    func oneLaunchATick() throws {
        let gl = try GLFixture()
        try gl.engine.spawn(count: 250)
        gl.engine.snapAfterFlip()
        let before = gl.engine.launches
        gl.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: SimulationParameters(duration: 5))
        gl.engine.requestUpperCount(tag: 1)
        #expect(gl.engine.launches - before == Launches(dispatches: 1, barriers: 1))
        gl.engine.forcedPath = .dispatchesPerSubstep
        try gl.engine.spawn(count: 250)
        let large = gl.engine.launches
        gl.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: SimulationParameters(duration: 5))
        gl.engine.requestUpperCount(tag: 1)
        #expect((gl.engine.launches - large).dispatches > gl.engine.lastSubsteps * PhysicsConstants.computeIterations,
                "a substep at a time issues each iteration of every substep")
    }

    @Test("a pile deeper than deepPileGrains takes more contact iterations a substep, each a dispatch")
    func deepPileIterations() throws {
        let gl = try GLFixture()
        gl.engine.forcedPath = .dispatchesPerSubstep
        for (count, iterations) in [(250, PhysicsConstants.computeIterations),
                                    (PhysicsConstants.deepPileGrains + 1, PhysicsConstants.deepPileIterations)] {
            try gl.engine.spawn(count: count)
            let before = gl.engine.launches
            gl.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: SimulationParameters(duration: 5))
            #expect(gl.engine.lastIterations == iterations, "\(count) grains")
            #expect((gl.engine.launches - before).dispatches >= gl.engine.lastSubsteps * iterations, "\(count) grains")
        }
    }

    /// A settled pile measures slow sand: its ticks take the fewest substeps a tick allows and
    /// check the lists every `largestRelistInterval`; the flip's fall takes more and checks
    /// more often, as the fall bounds it until the first measure after the flip.
    @Test("a large pile's ticks are cut for the sand it measures, and check its lists every few substeps")
    func measuredSchedule() throws {
        let gl = try GLFixture()
        gl.engine.forcedPath = .dispatchesPerSubstep
        try gl.engine.spawn(count: 300)
        // Fewer a tick than the fall needs at this grain size, as a large count's grains have.
        gl.engine.substeps = 6
        let parameters = SimulationParameters(duration: 5)
        let forFall = SolveSchedule.compute(dt: GLFixture.frame, substepsPerTick: gl.engine.substeps, parameters: parameters, grains: 300,
                                            grainRadius: GrainSizing.radiusForCount(300)).substeps
        var settled: [Int] = []
        for tick in 0..<120 {
            gl.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: parameters)
            gl.engine.requestUpperCount(tag: tick)
            _ = gl.engine.readGrains()
            _ = gl.engine.latestUpperCount()
            settled.append(gl.engine.lastSubsteps)
        }
        #expect(settled.first == forFall, "nothing measured yet: the fall bounds the first tick")
        #expect(settled.last == gl.engine.substeps && gl.engine.substeps < forFall, "a settled pile's ticks: \(settled.suffix(5)) of \(forFall) for the fall")
        // A check at least every `largestRelistInterval` substeps, which may fall in the next tick.
        var checks = 0, substeps = 0
        for _ in 0..<4 {
            gl.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: parameters)
            (checks, substeps) = (checks + gl.engine.lastChecks, substeps + gl.engine.lastSubsteps)
        }
        #expect((substeps / SolveSchedule.largestRelistInterval...(substeps / SolveSchedule.largestRelistInterval + 4)).contains(checks),
                "\(checks) checks in four settled ticks of \(substeps) substeps")
        gl.engine.snapAfterFlip()
        gl.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: parameters)
        #expect(gl.engine.lastSubsteps == forFall, "after a flip the fall bounds the tick again")
    }

    @Test("grains dropped on the floor stay above it and come to rest")
    func floor() throws {
        let gl = try GLFixture()
        let grains = (0..<20).map { i in
            Grain(position: [Float(i % 5 - 2) * 2.2 * r, -0.3 + Float(i / 5) * 2.2 * r, 0], radius: r)
        }
        try gl.load(grains)
        var lowest: Float = 1
        for _ in 0..<30 {
            gl.run(seconds: 0.1)
            lowest = min(lowest, gl.engine.readGrains().map(\.position.y).min()!)
        }
        #expect(lowest >= floorY - 1e-4)
        let state = gl.engine.readGrains()
        #expect(state.map(\.speed).max()! < 0.01)
        #expect(state.filter { abs($0.position.y - floorY) < 1e-3 }.count >= 5)
    }

    @Test("snapAfterFlip maps (x, y, z) to (x, -y, -z), (vy, vz) to (-vy, -vz) and clears sleep")
    func flip() throws {
        let gl = try GLFixture()
        let grains = [
            Grain(position: [0.01, -0.3, 0.02], radius: r, velocity: [0.1, 0.2, 0.3], sleepCounter: 40),
            Grain(position: [-0.05, 0.2, -0.07], radius: r, velocity: [-0.4, 0.5, -0.6], sleepCounter: 3),
        ]
        try gl.load(grains)
        gl.engine.snapAfterFlip()
        #expect(gl.engine.readGrains() == grains.map { $0.flipped() })
    }

    /// The 30 s preset's low gravity once let slow grains fall asleep on the cone under the
    /// neck until it closed the neck with a quarter of the sand still above.
    @Test("after the flip, every grain drains into the lower chamber", arguments: [(count: 300, duration: 10), (count: 150, duration: 30)])
    func drain(count: Int, duration: Float) throws {
        let gl = try GLFixture()
        let pile = try gl.engine.spawn(count: count)
        var run = HeadlessRun(settleSeconds: 1)
        // Grains sleep from TimedDrain.sleepDelaySeconds after the timer; look 2 s after that.
        run.landingSeconds = TimedDrain.sleepDelaySeconds + 2
        let result = run.run(Hourglass(engine: gl.engine, mode: .cpu, pile: pile, duration: duration))
        let profile = HourglassProfile(grainRadius: GrainSizing.radiusForCount(count))
        let summary = RunSummary(mode: "gpu", grains: result.grains, profile: profile, simulatedSeconds: 0, wallSeconds: 0)
        #expect(summary.drainedPercent == 100)
        #expect(summary.outside == 0 && summary.nonFinite == 0)
        let firstRunning = try #require(result.trace.first { $0.phase == .running })
        #expect(firstRunning.upper > count * 3 / 4)
        // At the end the pile is asleep, as in the original's validation, but for the top of a
        // cone that reaches into the neck, where nothing sleeps.
        #expect(summary.deepSleeping > count * 8 / 10)
        #expect(summary.averageSpeed < 0.02)
    }

    @Test("a fresh pile settles: grains fall asleep and stop")
    func settle() throws {
        let gl = try GLFixture()
        try gl.engine.spawn(count: 250)
        gl.run(seconds: 3)
        let grains = gl.engine.readGrains()
        // A poured pile holds a few grains in gaps between grains beside them, whose support the
        // sleep rule does not count as under them: those stay awake, at rest.
        #expect(grains.filter { $0.sleepCounter > PhysicsConstants.deepSleepCounter }.count > 225)
        #expect(grains.map(\.speed).reduce(0, +) / 250 < 0.002)
        let before = grains
        gl.run(seconds: 1)
        let moved = zip(before, gl.engine.readGrains()).map { ($0.1.position - $0.0.position) }.map { ($0 * $0).sum().squareRoot() }
        #expect(moved.max()! < 1e-3)
    }

    @Test("a sleeping grain wakes and falls when its support is taken away")
    func sleepingGrainWakesWhenSupportRemoved() throws {
        let gl = try GLFixture()
        let support = Grain(position: [0, floorY, 0], radius: r)
        let onTop = Grain(position: [0, floorY + 2 * r, 0], radius: r)
        try gl.load([support, onTop])
        gl.run(seconds: 1)
        var settled = gl.engine.readGrains()
        #expect(settled[1].sleepCounter > PhysicsConstants.deepSleepCounter, "the top grain fell into deep sleep")
        #expect(settled[1].position.y > floorY + 1.9 * r)
        // Still supported: it stays asleep where it is.
        gl.run(seconds: 1)
        #expect(abs(gl.engine.readGrains()[1].position.y - settled[1].position.y) < 1e-5)
        // Slide the support away along the floor, keeping the sleeper's counter.
        settled = gl.engine.readGrains()
        settled[0].position = [0.12, floorY, 0]
        try gl.load(settled)
        gl.run(seconds: 1)
        let fallen = gl.engine.readGrains()[1]
        #expect(abs(fallen.position.y - floorY) < 1e-3, "woke within the staggered check and fell to the floor")
    }

    @Test("the wall through the 256-entry table puts a grain on the wall where the CPU profile says", arguments: [-0.45, -0.3, -0.12, -0.03, 0.0, 0.2] as [Float])
    func wallMatchesProfile(y: Float) throws {
        let gl = try GLFixture()
        try gl.load([Grain(position: [GLFixture.profile.innerRadiusAt(y) - r + 0.003, y, 0], radius: r)])
        // One substep: after it the push is the grain's velocity, which carries it on inward.
        gl.engine.substeps = 1
        gl.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: SimulationParameters(gravity: 0, neckDamping: 0))
        let p = gl.engine.readGrains()[0].position
        let expected = GLFixture.profile.innerRadiusAt(p.y) - r
        #expect(abs((p.x * p.x + p.z * p.z).squareRoot() - expected) < 0.0005)
    }

    /// Instanced mode's meshes of `grains` in `colors`, after `seconds` of falling, with the
    /// grains as they then lie and the mode's sorts on the way.
    private func instancedMeshes(_ grains: [Grain], colors: [UInt32], seconds: Float) throws -> (words: [UInt32], grains: [Grain], sorts: Int) {
        let gl = try GLFixture()
        let instanced = try SandModes.make(.instanced, shaders: GLFixture.shaders)
        try instanced.engine.load(grains, profile: GLFixture.profile)
        try instanced.setColors(colors)
        for _ in 0..<Int((seconds / GLFixture.frame).rounded()) {
            instanced.engine.step(frameDt: GLFixture.frame, angle: 0, parameters: SimulationParameters(duration: 5))
        }
        guard case .mesh(let vertices, let drawn) = try instanced.present(shape: .mesh, timed: false).source else {
            Issue.record("Instanced mode drew no meshes")
            return ([], [], 0)
        }
        #expect(drawn.colors.read(UInt32.self, count: grains.count) == colors)
        #expect(vertices.byteCount == grains.count * 42 * 28)
        _ = gl
        return (vertices.read(UInt32.self, count: grains.count * Icosphere.vertexCount * MeshVertexLayout.words),
                instanced.engine.readGrains(), instanced.counters?.sortCount() ?? 0)
    }

    /// The mesh is drawn from the load-order buffers: after the engine has re-sorted its grains
    /// by cell, grain i's vertices still lie on grain i and carry colour i.
    @Test("a grain keeps its colour across the compute engine's re-sorts")
    func colourAcrossSorts() throws {
        // Lifted into the chamber's air, so that it falls and is sorted again on the way.
        let grains = PouredPile.grains(count: 250, profile: GLFixture.profile).map { grain in
            var lifted = grain
            lifted.position.y += 0.15
            return lifted
        }
        let colors = GrainColors.perGrain(count: grains.count, random: true)
        let (words, moved, sorts) = try instancedMeshes(grains, colors: colors, seconds: 0.5)
        #expect(sorts > 1, "the falling pile was sorted again on the way")
        for (g, grain) in moved.enumerated() {
            let base = g * Icosphere.vertexCount * MeshVertexLayout.words
            let corner = SIMD3(Float(bitPattern: words[base]), Float(bitPattern: words[base + 1]), Float(bitPattern: words[base + 2]))
            let offset = corner - grain.position
            #expect(abs((offset * offset).sum().squareRoot() - grain.radius) < 1e-5, "grain \(g)'s mesh is not on grain \(g)")
            #expect(words[base + 6] == colors[g], "grain \(g) lost its colour")
        }
        // One palette for every mode: the CPU and GPU modes draw these same colours.
        #expect(Set(colors).isSubset(of: Set(GrainColors.palette.map(GrainColors.pack))))
    }

    @Test("expand_meshes writes 42 vertices per grain on its sphere, with its colour")
    func expandMeshes() throws {
        let grains = [
            Grain(position: [0.01, -0.3, 0.02], radius: r),
            Grain(position: [-0.05, -0.2, 0.04], radius: r * 0.5),
            Grain(position: [0.0, 0.1, -0.02], radius: r * 1.5),
        ]
        let colors = GrainColors.perGrain(count: 3, random: true)
        let words = try instancedMeshes(grains, colors: colors, seconds: 0).words
        for (g, grain) in grains.enumerated() {
            for corner in 0..<Icosphere.vertexCount {
                let base = (g * Icosphere.vertexCount + corner) * MeshVertexLayout.words
                let value = { (i: Int) in Float(bitPattern: words[base + i]) }
                let position = SIMD3(value(0), value(1), value(2)), normal = SIMD3(value(3), value(4), value(5))
                let offset = position - grain.position
                #expect(abs((offset * offset).sum().squareRoot() - grain.radius) < 1e-5)
                #expect(abs((normal * normal).sum() - 1) < 1e-5)
                #expect(((offset / grain.radius - normal) * (offset / grain.radius - normal)).sum() < 1e-8)
                #expect(normal == Icosphere.vertices[corner])
                #expect(words[base + 6] == colors[g])
            }
        }
    }
}

@Suite("Shader loading", .serialized, .enabled(if: GLFixture.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct ShaderLoadingTests {
    func copyOfShaders() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shaders-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: GLFixture.shaders.directory, to: folder)
        return folder
    }

    @Test("a shader that fails to compile names its file and variant and carries the driver's log")
    func compileError() throws {
        let folder = try copyOfShaders()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("contact_solve.comp")
        let text = try String(contentsOf: file, encoding: .utf8)
        let broken = text.replacingOccurrences(of: "if (k >= grainCount) return;", with: "if (k >= grainCount + undefinedThing) return;")
        #expect(broken != text)
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let context = try HeadlessContext()
        _ = context
        #expect {
            try ComputeEngine(name: "GPU", shaders: ShaderSource(directory: folder, defines: ShaderSource.physicsDefines))
        } throws: { error in
            guard case GLError.shaderCompile(let name, let log) = error else { return false }
            // The first variant compiled is named with it: each role, with sleep and without, is its own program.
            return name == "contact_solve.comp (only-awake)" && log.contains("undefinedThing") && "\(error)".contains("contact_solve.comp (only-awake)")
        }
    }

    @Test("a missing shader file is an error that names it")
    func missingFile() throws {
        let folder = try copyOfShaders()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("write_back.comp"))
        let context = try HeadlessContext()
        _ = context
        #expect {
            try ComputeEngine(name: "GPU", shaders: ShaderSource(directory: folder, defines: ShaderSource.physicsDefines))
        } throws: { error in
            "\(error)".contains("write_back.comp")
        }
    }

    @Test("every shared constant reaches the shaders as a #define")
    func defines() throws {
        let text = try GLFixture.shaders.text(of: "contact_solve.comp")
        #expect(text.hasPrefix("#version 430 core\n#define "))
        #expect(text.contains("#define WORK_GROUP_SIZE 256"))
        #expect(text.contains("#define STATIC_FRICTION \(PhysicsConstants.staticFriction)"))
        #expect(text.contains("#define UNIT_GRAINS \(ComputeBindings.grainsUnit)"))
        #expect(text.contains("vec4 positionRadiusAt("), "the includes are expanded")
        #expect(!text.contains("#include"))
    }
}

/// What makes the compute engine's grains sand, at counts llvmpipe affords.
@Suite("Sand (compute engine)", .serialized, .enabled(if: GLFixture.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct ComputeSandTests {
    /// The large path cuts its ticks for the speed it measures, and checks its lists only every
    /// few substeps: the same timer, overlaps and cone as the small path's tick.
    @Test("the upper chamber of 1,000 grains empties as a 10 s timer ends, at a steady rate",
          arguments: [ComputeEngine.TickPath.oneDispatch, .dispatchesPerSubstep])
    func onTime(path: ComputeEngine.TickPath) throws {
        let gl = try GLFixture()
        gl.engine.forcedPath = path
        let pile = try gl.engine.spawn(count: 1000)
        let result = HeadlessRun(settleSeconds: 1).run(Hourglass(engine: gl.engine, mode: .gpu, pile: pile, duration: 10))
        let emptyAt = try #require(result.emptyAt.first ?? nil)
        // Within 5%, as the CPU engine's test: the drain is chaotic (docs/PHYSICS.md).
        #expect(abs(emptyAt - 10) <= 0.5, "empty \(emptyAt) s into a 10 s timer")
        #expect(DrainSample.straightness(result.trace) ?? 0 >= 0.98)
        #expect(result.maxNeckOverlap <= 0.1, "grains in the neck overlap by \(result.maxNeckOverlap) diameters")
        #expect(result.maxOverlap <= 0.1, "grains overlap by \(result.maxOverlap) diameters (the flip's landing)")
        #expect(result.lost == 0)
        // A cone at sand's angle of repose (TimedDrain.sleepDelaySeconds); up to 37°, a little
        // steeper than the CPU engine's, where the one frame pipeline left it (docs/PHYSICS.md).
        let angle = try #require(PileMeasures.reposeAngle(result.grains, profile: HourglassProfile(grainRadius: result.grains[0].radius)))
        #expect((20...37).contains(angle), "the lower pile stands at \(angle)°")
    }

    @Test("twenty flips of one pile lose no grain and no number")
    func flips() throws {
        let gl = try GLFixture()
        let pile = try gl.engine.spawn(count: 300)
        var run = HeadlessRun(settleSeconds: 0.5, flips: 20)
        run.measureOverlap = false
        let result = run.run(Hourglass(engine: gl.engine, mode: .gpu, pile: pile, duration: 5))
        #expect(result.lost == 0)
        #expect(result.emptyAt.allSatisfy { $0 != nil }, "every flip drains: \(result.emptyAt)")
    }
}
