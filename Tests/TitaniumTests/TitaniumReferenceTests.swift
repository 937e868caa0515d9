import Testing
@testable import Titanium

/// The recipe's formulas on the CPU: grids, the highlight's falloff, the pool's lanes, the
/// trail's ripples, the theme change's timing.
@Suite("Titanium reference")
struct TitaniumReferenceTests {
    let p = TitaniumParameters.defaults

    @Test("the seed's falloff table: gradient 2, 3, 5, 8 at distance 0.5 and 0.8")
    func falloffTable() {
        // distance is in units of the diagonal (2√2): a point at d along the diagonal from (1,1).
        func at(_ d: Float, _ g: Float) -> Float {
            let t = d * 2 * Float(2).squareRoot() / Float(2).squareRoot()
            return TitaniumReference.density(at: SIMD2(1 - t, 1 - t), target: SIMD2(1, 1), gradient: g)
        }
        #expect(abs(at(0.5, 2) - 0.25) < 1e-4 && abs(at(0.8, 2) - 0.04) < 1e-4)
        #expect(abs(at(0.5, 3) - 0.125) < 1e-4 && abs(at(0.8, 3) - 0.008) < 1e-4)
        #expect(abs(at(0.5, 5) - 0.03125) < 1e-4)
        #expect(abs(at(0.5, 8) - 0.0039) < 1e-4)
    }

    @Test("emitters: base 4×4 and mid 5×5 whole, highlight 6×6 without cells under 0.1; weights sum to 1 in each layer")
    func emitters() {
        let all = TitaniumReference.emitters(parameters: p)
        let counts = (0..<3).map { layer in all.filter { $0.layer == layer }.count }
        #expect(counts[0] == 16 && counts[1] == 25)
        #expect(counts[2] > 3 && counts[2] < 36, "highlight emitters \(counts[2])")
        for layer in 0..<3 {
            let sum = all.filter { $0.layer == layer }.reduce(0) { $0 + $1.weight }
            #expect(abs(sum - 1) < 1e-5)
        }
        let highlight = all.filter { $0.layer == 2 }
        let nearest = highlight.max { $0.weight < $1.weight }!
        #expect(nearest.centre.x > 0.8 && nearest.centre.y > 0.8, "densest at the focal point (1, 1): \(nearest.centre)")
        var flat = p
        flat.highlightGradient = 0
        #expect(TitaniumReference.emitters(parameters: flat).filter { $0.layer == 2 }.count == 36)
    }

    @Test("the pool: a lane's period outlasts the longest lifetime; expected live = Σ rate × mean lifetime")
    func pool() {
        let capacities = TitaniumReference.capacities(parameters: p)
        for layer in 0..<3 {
            #expect(Float(capacities[layer]) / p.birthRates[layer] >= p.longestLifetime)
        }
        #expect(abs(TitaniumReference.expectedLive(parameters: p) - 13_400 * 2.5) < 1)
    }

    @Test("CPU ticks: the live count settles at rate × lifetime (a small pool)")
    func cpuSettles() {
        var params = p
        params.baseBirthRate = 200
        params.midBirthRate = 100
        params.highlightBirthRate = 300
        let caps = TitaniumReference.capacities(parameters: params)
        var pool = TitaniumReference.freshPool(capacities: caps, parameters: params, time: 0)
        let emitters = TitaniumReference.emitters(parameters: params)
        let colours = (0..<3).map { TitaniumTheme.all[0].colour(layer: $0) }
        var time: Float = 0
        var counts: [Int] = []
        for step in 0..<360 {
            time += 1.0 / 60
            pool = pool.enumerated().map { i, q in
                TitaniumReference.tick(q, index: UInt32(i), dt: 1.0 / 60, time: time, capacity: caps[Int(q.layer)],
                                       emitters: emitters, layerColours: colours, parameters: params, forces: .init(time: time))
            }
            if step >= 240 { counts.append(pool.filter(\.isAlive).count) }
        }
        let mean = Float(counts.reduce(0, +)) / Float(counts.count)
        let expected = TitaniumReference.expectedLive(parameters: params)
        #expect(abs(mean - expected) < expected * 0.06, "mean live \(mean), expected \(expected)")
    }

    @Test("the trail: a ripple every trailDensity pt of path; each grows to spread × radius and fades by recoverySpeed")
    func trail() {
        var timeline = TitaniumTimeline()
        timeline.move(to: SIMD2(0, 0), parameters: p)
        timeline.move(to: SIMD2(35, 0), parameters: p)
        #expect(timeline.ripples.map(\.centre.x) == [10, 20, 30])
        timeline.move(to: SIMD2(45, 0), parameters: p)
        #expect(timeline.ripples.count == 4)
        let start = TitaniumTimeline.ripple(age: 0, parameters: p)
        let grown = TitaniumTimeline.ripple(age: p.recoverySpeed * p.expandSpeed, parameters: p)
        #expect(start.radius == 10 && abs(start.strength + 1.5) < 1e-5)
        #expect(abs(grown.radius - 50) < 1e-4 && abs(grown.strength - (-1.5 * 0.7 * 0.5)) < 1e-5)
        #expect(TitaniumTimeline.ripple(age: p.recoverySpeed, parameters: p).strength == 0)
        _ = timeline.advance(by: 0.16, parameters: p)
        #expect(timeline.ripples.isEmpty, "gone after 0.15 s")
        #expect(timeline.forces(parameters: p).radial.count == 1, "the cursor's own field stays")
    }

    @Test("a theme change: the burst peaks and the colour switches at 0.6 s; the burst is over at 1.2 s")
    func themeChange() {
        var timeline = TitaniumTimeline()
        timeline.changeTheme(to: 1)
        var switchedAt: Float?
        var peak: Float = 0
        for step in 1...90 {
            if let to = timeline.advance(by: 1.0 / 60, parameters: p) {
                #expect(to == 1)
                switchedAt = Float(step) / 60
            }
            peak = max(peak, timeline.burst)
        }
        #expect(switchedAt.map { abs($0 - 0.6) < 0.02 } == true, "switched at \(String(describing: switchedAt))")
        #expect(abs(peak - TitaniumReference.burstStrength) < 0.01 && timeline.burst == 0 && timeline.themeChange == nil)
    }

    @Test("clamped: out-of-range and non-finite values come back in range")
    func clamped() {
        var wild = p
        wild.squareSize = 9999
        wild.fadeSpeed = .nan
        wild.theme = 42
        let c = wild.clamped()
        #expect(c.squareSize == 400 && c.fadeSpeed == -0.3 && c.theme == TitaniumTheme.all.count - 1)
    }
}
