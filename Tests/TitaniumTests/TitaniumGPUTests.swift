import Foundation
import GLSupport
import GLTestSupport
import Testing
@testable import Titanium

/// A headless context with a pool and a renderer, for one test on the test's own thread.
final class TitaniumFixture {
    let field: TitaniumField
    let renderer: TitaniumRenderer
    let target: OffscreenTarget
    /// The forces and the clock the ticks follow, and the parameters they run with (a theme
    /// change switches the theme in them).
    var timeline = TitaniumTimeline()
    var parameters: TitaniumParameters
    /// Declared last so it is released after the GL objects above.
    let context: HeadlessContext

    static let shaders = ShaderSource.titanium(in: Checkout.shaders)

    init(parameters: TitaniumParameters = .defaults, width: Int = 400, height: Int = 400) throws {
        let context = try HeadlessContext()
        field = try TitaniumField(shaders: Self.shaders, parameters: parameters)
        renderer = try TitaniumRenderer(shaders: Self.shaders)
        target = OffscreenTarget(width: width, height: height)
        self.parameters = parameters
        self.context = context
    }

    /// Runs `seconds` of 1/60 s ticks with the timeline's forces, from the timeline's clock.
    func run(_ seconds: Float) {
        for _ in 0..<Int((seconds * 60).rounded()) {
            if let theme = timeline.advance(by: 1.0 / 60, parameters: parameters) { parameters.theme = theme }
            field.tick(dt: 1.0 / 60, time: timeline.time, parameters: parameters, forces: timeline.forces(parameters: parameters))
        }
    }
}

/// The compute tick against the CPU reference and the behaviours the issue asks for, on a
/// headless context (llvmpipe here).
@Suite("Titanium (headless GL)", .serialized, .enabled(if: HeadlessContext.unavailableReason == nil, "no GL 4.3 context through EGL"))
struct TitaniumGPUTests {
    /// Each program's parameters are one std140 block: its Swift mirror must lie as the GL lays
    /// it out, or a shader reads one parameter as another; the mirror's arrays hold every
    /// emitter and field.
    @Test("the tick's and the sprites' blocks lie as their Swift mirrors say")
    func blockLayouts() throws {
        let context = try HeadlessContext()
        let tick = try ShaderProgram(compute: "titanium_tick.comp", source: TitaniumFixture.shaders)
        let sprites = try ShaderProgram(vertex: "particle.vert", fragment: "particle.frag", source: TitaniumFixture.shaders)
        #expect(tick.layoutMismatches(of: TitaniumTickBlock.self) == [])
        #expect(sprites.layoutMismatches(of: TitaniumSpriteBlock.self) == [])
        #expect(TitaniumTickBlock.Emitters.count == TitaniumReference.maxEmitters)
        #expect(TitaniumTickBlock.Fields.count == TitaniumField.maxFields)
        withExtendedLifetime(context) {}
    }

    @Test("GPU ticks match TitaniumReference.tick: births, emitters, fields, ageing (small pool, 90 ticks, cursor and gravity on)")
    func tickMatchesReference() throws {
        var p = TitaniumParameters.defaults
        p.baseBirthRate = 300; p.midBirthRate = 200; p.highlightBirthRate = 500
        p.gravityEnabled = true; p.gravityVariation = 0.5
        let gl = try TitaniumFixture(parameters: p)
        let caps = gl.field.capacities
        var cpu = TitaniumReference.freshPool(capacities: caps, parameters: p, time: 0)
        let emitters = TitaniumReference.emitters(parameters: p)
        let colours = (0..<3).map { TitaniumTheme.all[p.theme].colour(layer: $0) }
        var timeline = TitaniumTimeline()
        for step in 0..<90 {
            timeline.move(to: SIMD2(Float(step) - 45, 10), parameters: p)
            _ = timeline.advance(by: 1.0 / 60, parameters: p)
            let forces = timeline.forces(parameters: p)
            gl.field.tick(dt: 1.0 / 60, time: timeline.time, parameters: p, forces: forces)
            cpu = cpu.enumerated().map { i, q in
                TitaniumReference.tick(q, index: UInt32(i), dt: 1.0 / 60, time: timeline.time, capacity: caps[Int(q.layer)],
                                       emitters: emitters, layerColours: colours, parameters: p, forces: forces)
            }
        }
        let gpu = gl.field.read()
        var worst: Float = 0, mismatched = 0
        for (a, b) in zip(gpu, cpu) {
            if a.generation != b.generation || a.obeysGravity != b.obeysGravity { mismatched += 1; continue }
            let d = a.position - b.position
            worst = max(worst, (d * d).sum().squareRoot(), abs(a.age - b.age), abs(a.lifetime - b.lifetime))
        }
        #expect(mismatched == 0)
        #expect(worst < 0.05, "worst difference \(worst)")
        #expect(gpu.filter(\.isAlive).count > 500)
    }

    @Test("the live count settles near Σ birth rate × lifetime and stays there (defaults: 33,500)")
    func liveCountSettles() throws {
        let p = TitaniumParameters.defaults
        let gl = try TitaniumFixture(parameters: p)
        gl.run(4)
        var counts: [Int] = []
        for _ in 0..<4 {
            gl.run(0.5)
            counts.append(gl.field.read().filter(\.isAlive).count)
        }
        let expected = TitaniumReference.expectedLive(parameters: p)
        for count in counts {
            #expect(abs(Float(count) - expected) < expected * 0.04, "live \(count), expected \(expected)")
        }
    }

    @Test("particles near the cursor are pushed away: the disc round it empties and they move outward")
    func cursorPushes() throws {
        let p = TitaniumParameters.defaults
        let gl = try TitaniumFixture(parameters: p)
        gl.run(3)
        let cursor = SIMD2<Float>(20, -10)
        func near(_ pool: [TitaniumParticle], within r: Float) -> [TitaniumParticle] {
            pool.filter { q in let d = q.position - cursor; return q.isAlive && (d * d).sum() < r * r }
        }
        let start = gl.field.read()
        let before = near(start, within: 8).count
        gl.timeline.move(to: cursor, parameters: gl.parameters)
        gl.run(0.3)
        let pool = gl.field.read()
        let after = near(pool, within: 8).count
        #expect(before > 100 && Float(after) < Float(before) * 0.2, "within 8 pt: \(before) before, \(after) after")
        // The same particles (same birth) that were within 8 pt are now further out and moving away, fast.
        let indices = start.indices.filter { i in let d = start[i].position - cursor; return start[i].isAlive && (d * d).sum() < 64 }
        let survivors = indices.filter { pool[$0].generation == start[$0].generation && pool[$0].isAlive }
        let pushed = survivors.filter { i in
            let q = pool[i], d = q.position - cursor
            return (d * d).sum() > 100 && (d * q.velocity).sum() > 0 && (q.velocity * q.velocity).sum() > 400
        }
        #expect(survivors.count > 50 && Float(pushed.count) > Float(survivors.count) * 0.9, "\(pushed.count) of \(survivors.count) pushed out past 10 pt")
    }

    @Test("gravity with variation v: about v of the particles fall (v = 0.25, 0.5, 0.8)")
    func gravityVariation() throws {
        for v: Float in [0.25, 0.5, 0.8] {
            var p = TitaniumParameters.defaults
            p.gravityEnabled = true
            p.gravityVariation = v
            let gl = try TitaniumFixture(parameters: p)
            gl.run(3)
            // A particle a second old that obeys has gained 30 pt/s downward; one that does not moves at 0–4.5 pt/s.
            let old = gl.field.read().filter { $0.isAlive && $0.age > 1 }
            let falling = old.filter { $0.velocity.y < -15 }
            let share = Float(falling.count) / Float(old.count)
            #expect(old.count > 5000 && abs(share - v) < 0.03, "v \(v): \(falling.count) of \(old.count) fall (\(share))")
        }
    }

    @Test("the highlight layer's density follows pow(1 − distance, gradient) round the focal point")
    func highlightDensity() throws {
        var p = TitaniumParameters.defaults
        p.baseBirthRate = 0; p.midBirthRate = 0
        p.speed = 0; p.speedRange = 0   // particles stay in the cell they were born in
        let gl = try TitaniumFixture(parameters: p)
        gl.run(3.5)
        let live = gl.field.read().filter { $0.isAlive && $0.layer == 2 }
        var counts = [Int](repeating: 0, count: 36)
        for q in live {
            let u = q.position / (p.squareSize / 2)
            let column = min(max(Int((u.x + 1) * 3), 0), 5), row = min(max(Int((u.y + 1) * 3), 0), 5)
            counts[row * 6 + column] += 1
        }
        let emitters = TitaniumReference.emitters(parameters: p).filter { $0.layer == 2 }
        var worst: Float = 0
        for row in 0..<6 {
            for column in 0..<6 {
                let centre = SIMD2(-1 + (2 * Float(column) + 1) / 6, -1 + (2 * Float(row) + 1) / 6)
                let weight = emitters.first { abs($0.centre.x - centre.x) < 1e-4 && abs($0.centre.y - centre.y) < 1e-4 }?.weight ?? 0
                let share = Float(counts[row * 6 + column]) / Float(live.count)
                worst = max(worst, abs(share - weight))
                if weight == 0 { #expect(counts[row * 6 + column] == 0, "a pruned cell (\(row), \(column)) has particles") }
            }
        }
        #expect(live.count > 15_000 && worst < 0.02, "worst share difference \(worst) over \(live.count) particles")
        // And the shares fall off with distance from the corner (1, 1) as the formula says.
        let corner = Float(counts[35]) / Float(live.count), middle = Float(counts[21]) / Float(live.count)
        let d = TitaniumReference.density
        let ratio = d(SIMD2(5.0 / 6, 5.0 / 6), SIMD2(1, 1), 3) / d(SIMD2(1.0 / 6, 1.0 / 6), SIMD2(1, 1), 3)
        #expect(abs(corner / middle - ratio) < ratio * 0.15, "corner/middle \(corner / middle), formula \(ratio)")
    }

    @Test("a theme change scatters the particles, switches at the peak, and leaves no old colour after the longest lifetime")
    func themeChange() throws {
        let p = TitaniumParameters.defaults
        let gl = try TitaniumFixture(parameters: p)
        gl.run(3)
        let calm = gl.field.read().filter(\.isAlive)
        func meanSpeed(_ pool: [TitaniumParticle]) -> Float {
            pool.reduce(0) { $0 + ($1.velocity * $1.velocity).sum().squareRoot() } / Float(max(pool.count, 1))
        }
        gl.timeline.changeTheme(to: 1)
        gl.run(0.55)
        #expect(gl.parameters.theme == 0, "not yet switched")
        gl.run(0.1)
        #expect(gl.parameters.theme == 1, "switched at the peak")
        let mid = gl.field.read().filter(\.isAlive)
        #expect(meanSpeed(mid) > meanSpeed(calm) * 3, "scattered: mean speed \(meanSpeed(mid)) against \(meanSpeed(calm))")
        gl.run(0.3)
        let both = gl.field.read().filter(\.isAlive)
        let old = both.filter { $0.theme == 0 }.count, new = both.filter { $0.theme == 1 }.count
        #expect(old > 1000 && new > 1000, "both colours at once: \(old) old, \(new) new")
        gl.run(p.longestLifetime)
        let after = gl.field.read().filter(\.isAlive)
        let oldColour = TitaniumTheme.all[0].colour(layer: 0)
        #expect(after.filter { $0.theme == 0 || abs($0.colour.x - oldColour.x) + abs($0.colour.z - oldColour.z) < 1e-4 }.isEmpty)
        #expect(after.count > 30_000)
    }

    @Test("the renderer: the square lit inside, black outside")
    func render() throws {
        let p = TitaniumParameters.defaults
        let gl = try TitaniumFixture(parameters: p)
        gl.run(3)
        let layout = SquareLayout(windowWidth: 400, windowHeight: 400)
        gl.renderer.draw(field: gl.field, layout: layout, parameters: p, framebuffer: gl.target.framebuffer, width: 400, height: 400)
        let data = gl.target.readPixels()
        func lum(_ x: Int, _ y: Int) -> Int { let i = ((399 - y) * 400 + x) * 4; return Int(data[i]) + Int(data[i + 1]) + Int(data[i + 2]) }
        let side = Int(p.squareSize * layout.pixelsPerPoint)   // 160 px
        // Grainy by design: judge 8×8 blocks. Every block well inside is lit; nothing far outside is.
        var blocks = 0, lit = 0, outside = 0
        for y in stride(from: 0, to: 400, by: 8) {
            for x in stride(from: 0, to: 400, by: 8) {
                let dx = abs(x + 4 - 200), dy = abs(y + 4 - 200)
                var sum = 0
                for j in 0..<8 { for i in 0..<8 { sum += lum(x + i, y + j) } }
                if dx < side / 2 - 8 && dy < side / 2 - 8 { blocks += 1; lit += sum / 64 > 8 ? 1 : 0 }
                if dx > side / 2 + 30 || dy > side / 2 + 30 { outside += sum > 0 ? 1 : 0 }
            }
        }
        #expect(blocks > 200 && lit >= blocks - 2 && outside == 0, "lit blocks \(lit) of \(blocks) inside; \(outside) lit outside")
    }
}
