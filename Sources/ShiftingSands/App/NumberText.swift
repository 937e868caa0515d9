import Foundation

/// Numbers as a person writes them: three significant digits, in groups of three (1,920;
/// 16,400,000), never in exponent form.
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
}
