@testable import SandGL
import SandSim
import Testing

@Suite("Sorting network")
struct SortingNetworkTests {
    private func sorted(_ values: [Int], by exchanges: [(low: Int, high: Int)]) -> [Int] {
        var values = values
        for (low, high) in exchanges where values[high] < values[low] { values.swapAt(low, high) }
        return values
    }

    /// A network sorts every input if it sorts every input of zeros and ones (Knuth, 5.3.4).
    @Test("sorts every sequence of zeros and ones, at each length up to 16", arguments: 1...16)
    func sortsZerosAndOnes(count: Int) {
        let exchanges = SortingNetwork.exchanges(count: count)
        #expect(exchanges.allSatisfy { 0 <= $0.low && $0.low < $0.high && $0.high < count })
        let unsorted = (0..<(1 << count)).filter { bits in
            let values = (0..<count).map { bits >> $0 & 1 }
            return sorted(values, by: exchanges) != values.sorted()
        }
        #expect(unsorted.isEmpty, "\(unsorted.count) sequences left unsorted")
    }

    @Test("sorts a contact list's worth of random values, short lists padded as the shader pads them")
    func sortsContactLists() {
        let slots = PhysicsConstants.contactListSlots
        let exchanges = SortingNetwork.exchanges(count: slots)
        var random = SeededRandom(seed: 3)
        for _ in 0..<2_000 {
            let found = Int.random(in: 0...slots, using: &random)
            let values = (0..<found).map { _ in Int.random(in: 0..<40, using: &random) } + Array(repeating: Int.max, count: slots - found)
            #expect(sorted(values, by: exchanges) == values.sorted())
        }
    }

    @Test("the shaders' network has an exchange for each of the list's")
    func listDefine() {
        let define = SortingNetwork.listDefine(slots: PhysicsConstants.contactListSlots)
        #expect(define.hasPrefix("#define CONTACT_LIST_NETWORK LIST_EXCHANGE(0, 1) "))
        #expect(define.components(separatedBy: "LIST_EXCHANGE(").count - 1 == SortingNetwork.exchanges(count: PhysicsConstants.contactListSlots).count)
    }
}
