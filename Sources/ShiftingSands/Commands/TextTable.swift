/// Rows of text as columns padded to their widest cell, two spaces apart, with nothing after
/// the last.
enum TextTable {
    static func format(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { $0.offset == row.count - 1 ? $0.element : $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
    }
}
