/// A fixed sequence of compare-exchanges that sorts any `count` values: Batcher's odd-even merge
/// sort for the next power of two, less the exchanges that reach past `count` (as if the places
/// beyond held values larger than any). The contact lists are sorted with one
/// (neighbour_list.glsl): every exchange names its two places outright, where an insertion
/// sort indexes an array by a value that differs from grain to grain, which llvmpipe does one
/// invocation at a time (docs/BENCHMARKS.md, "The 7× mark").
enum SortingNetwork {
    /// The exchanges in order: each puts the smaller of places `low` and `high` at `low`.
    static func exchanges(count: Int) -> [(low: Int, high: Int)] {
        var size = 1
        while size < count { size *= 2 }
        var exchanges: [(low: Int, high: Int)] = []
        sort(from: 0, through: size - 1, into: &exchanges)
        return exchanges.filter { $0.high < count }
    }

    /// The network for the contact lists as a GLSL `#define`: CONTACT_LIST_NETWORK expands to
    /// `LIST_EXCHANGE(low, high)` for each exchange, with LIST_EXCHANGE defined where it is used.
    static func listDefine(slots: Int) -> String {
        "#define CONTACT_LIST_NETWORK " + exchanges(count: slots).map { "LIST_EXCHANGE(\($0.low), \($0.high))" }.joined(separator: " ")
    }

    private static func sort(from low: Int, through high: Int, into exchanges: inout [(low: Int, high: Int)]) {
        guard high > low else { return }
        let middle = low + (high - low) / 2
        sort(from: low, through: middle, into: &exchanges)
        sort(from: middle + 1, through: high, into: &exchanges)
        merge(from: low, through: high, stride: 1, into: &exchanges)
    }

    private static func merge(from low: Int, through high: Int, stride: Int, into exchanges: inout [(low: Int, high: Int)]) {
        let step = stride * 2
        guard step < high - low else {
            exchanges.append((low, low + stride))
            return
        }
        merge(from: low, through: high, stride: step, into: &exchanges)
        merge(from: low + stride, through: high, stride: step, into: &exchanges)
        for place in Swift.stride(from: low + stride, to: high - stride, by: step) {
            exchanges.append((place, place + stride))
        }
    }
}
