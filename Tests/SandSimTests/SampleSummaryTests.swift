import Testing
import SandSim

@Suite("Sample summary")
struct SampleSummaryTests {
    @Test("median and p95 by nearest rank")
    func percentiles() {
        let summary = SampleSummary((1...100).map(Double.init).reversed())
        #expect(summary.median == 50 && summary.p95 == 95 && summary.count == 100)
        #expect(SampleSummary([3, 1, 2]).median == 2)
        #expect(SampleSummary([7]).p95 == 7)
        #expect(SampleSummary([]).median == 0)
        let tail = SampleSummary([Double](repeating: 1, count: 19) + [50])
        #expect(tail.median == 1 && tail.p95 == 1)
        #expect(SampleSummary([Double](repeating: 1, count: 18) + [50, 60]).p95 == 50)
    }
}
