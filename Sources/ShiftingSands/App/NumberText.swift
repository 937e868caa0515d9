import Foundation

/// Numbers as a person writes them: in groups of three (1,920; 16,400,000), never in exponent
/// form; measurements to three significant digits, counts whole.
enum NumberText {
    private static let formatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        formatter.groupingSize = 3
        formatter.usesSignificantDigits = true
        formatter.maximumSignificantDigits = 3
        return formatter
    }()

    static func grouped(_ value: Double) -> String {
        formatter.string(from: NSNumber(value: value)) ?? String(Int(value.rounded()))
    }

    /// A count with every digit: 24,756.
    static func whole(_ count: Int) -> String {
        let digits = String(count.magnitude)
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in
            String(digits.dropLast(digits.count - end).suffix(3))
        }
        return (count < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
