import Testing
@testable import SandSim

/// Long timers: a narrower neck chosen from the duration, and the counts that can keep it.
@Suite("Long timers: the neck and the counts that keep time", .serialized)
struct LongTimerTests {
    @Test("the original's timers (5–30 s) keep the original's neck and gravity at every count and mode")
    func shortTimersUnchanged() {
        for mode in PhysicsMode.allCases {
            for count in [50, 250, 1_000, 5_000, 50_000] where mode.countRange.contains(count) {
                for size: Float in [0.5, 1, 1.5] {
                    let radius = GrainSizing.radiusForCount(count, size: size)
                    for duration: Float in [5, 10, 30] {
                        let neck = NeckSizing.innerRadius(duration: duration, mode: mode, count: count, grainRadius: radius)
                        #expect(neck == HourglassProfile.innerNeckRadius(grainRadius: radius), "\(mode) \(count) at \(duration) s")
                    }
                }
            }
        }
    }

    @Test("a long timer's neck narrows with the duration, never under three grains, and stays under a third of the bulb")
    func longTimersNarrow() {
        let radius = GrainSizing.radiusForCount(2_000)
        let necks = [60, 180, 600, 3_600].map { NeckSizing.innerRadius(duration: $0, mode: .cpu, count: 2_000, grainRadius: radius) }
        #expect(zip(necks, necks.dropFirst()).allSatisfy { $0 >= $1 }, "necks \(necks)")
        #expect(necks.last! < necks.first!)
        #expect(necks.allSatisfy { $0 >= PhysicsConstants.longTimerNeckDiameters * radius * 0.9999 })
        #expect(NeckSizing.innerRadius(duration: 600, mode: .cpu, count: 250, grainRadius: GrainSizing.radiusForCount(250))
                < HourglassProfile.chamberRadius / 3)
    }

    @Test("the flip fits the engine's glass to the timer: a 10 min timer narrows the neck, a 10 s one keeps it")
    func flipFitsTheNeck() throws {
        for duration: Float in [600, 10] {
            let engine = CPUEngine()
            let pile = try engine.spawn(count: 250)
            let radius = pile.radius
            var hourglass = Hourglass(engine: engine, mode: .cpu, pile: pile, duration: duration)
            _ = hourglass.timer.start()
            hourglass.advance(by: PhysicsConstants.tickSeconds)
            let wanted = NeckSizing.innerRadius(duration: duration, mode: .cpu, count: 250, grainRadius: radius)
            #expect(hourglass.profile.innerNeckRadius == wanted)
            #expect((wanted < HourglassProfile.innerNeckRadius(grainRadius: radius)) == (duration > 60))
        }
    }

    @Test("the longest timer grows with the count, and the suggested count with the duration")
    func suggestionsMonotone() throws {
        let counts = [50, 100, 250, 400, 1_000, 3_000, 10_000, 50_000]
        let longest = counts.map { DurationLimits.longest(count: $0) }
        #expect(zip(longest, longest.dropFirst()).allSatisfy { $0 < $1 }, "longest \(longest)")
        let durations: [Float] = [5, 30, 60, 180, 300, 600, 1_200, 3_600]
        let suggested = durations.map { DurationLimits.suggestedCount(duration: $0, in: PhysicsMode.cpu.countRange) ?? .max }
        #expect(zip(suggested, suggested.dropFirst()).allSatisfy { $0 <= $1 }, "suggested \(suggested)")
        #expect(DurationLimits.canKeep(duration: 30, count: 250) && DurationLimits.canKeep(duration: 180, count: 250))
        #expect(!DurationLimits.canKeep(duration: 600, count: 250))
        let tenMinutes = try #require(DurationLimits.suggestedCount(duration: 600, in: PhysicsMode.cpu.countRange))
        #expect(DurationLimits.canKeep(duration: 600, count: tenMinutes) && tenMinutes > 250)
    }
}
