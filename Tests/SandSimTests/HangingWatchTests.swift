import Testing
@testable import SandSim

@Suite("Hanging watch")
struct HangingWatchTests {
    let profile = HourglassProfile(grainRadius: 0.02)

    /// A grain held still in mid-air from 1 s, and one resting on the floor all along: the
    /// watch names the first, from when it hung and where, and counts it once past 0.2 s.
    @Test("the longest hang comes with its start, its grain and the gravity then; a grain on the floor never hangs")
    func longestHangPlace() throws {
        let r: Float = 0.02, floorY = -profile.innerHalfHeight + r
        let resting = Grain(position: [0, floorY, 0], radius: r)
        var watch = HangingWatch()
        for step in 0...30 {
            let time = Float(step) * HangingWatch.interval
            // Until 1 s the grain above moves a tenth of its diameter a look (twice "still");
            // from then on it stays put.
            let height = Float(-0.1) - Float(min(step, 20)) * 0.2 * r
            watch.look(at: [resting, Grain(position: [0.05, height, 0], radius: r)], time: time, profile: profile, up: [0, 1, 0])
        }
        let hang = try #require(watch.longestHang)
        #expect(abs(hang.from - 1) < 1e-4, "hung from \(hang.from) s")
        #expect(abs(hang.seconds - 0.5) < 1e-4 && watch.longest == hang.seconds, "hung \(hang.seconds) s")
        #expect(hang.grain.position.x == 0.05 && hang.up == [0, 1, 0])
        #expect(watch.grainsHungLong == 1)

        var still = HangingWatch()
        for step in 0...30 { still.look(at: [resting], time: Float(step) * HangingWatch.interval, profile: profile, up: [0, 1, 0]) }
        #expect(still.longestHang == nil && still.longest == 0 && still.grainsHungLong == 0)
    }
}

/// Summary lines a person reads without a key: "average speed 0.000438" had no unit, and "0.89
/// of the way from the middle to its end" read as a riddle (issue 50).
@Suite("Run summary words")
struct RunSummaryWordsTests {
    @Test("a speed comes with its unit, a place as a percentage of the way from the neck to the cap and from the axis to the wall")
    func words() {
        let profile = HourglassProfile(grainRadius: 0.02)
        let hanging = Grain(position: [0.05, -0.89 * profile.innerHalfHeight, 0], radius: 0.02, velocity: [0, -0.1, 0])
        var summary = RunSummary(mode: "cpu", grains: [hanging], profile: profile, simulatedSeconds: 1, wallSeconds: 1)
        summary.longestHang = 0.5
        summary.longestHangAt = RunSummary.HangPlace(HangingWatch.Hang(seconds: 0.5, from: 1, grain: hanging, up: [0, 1, 0]), profile: profile)
        let text = summary.text
        #expect(text.contains("average speed 0.100000 glass heights a second"), "\(text)")
        #expect(text.contains("in the chamber below (along gravity), 89% of the way from the neck to its cap"), "\(text)")
        #expect(text.range(of: #", \d+% of the way from the axis to the wall"#, options: .regularExpression) != nil, "\(text)")
    }
}
