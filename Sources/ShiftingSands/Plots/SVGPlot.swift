import Foundation

/// A page of plots as SVG text, written by hand: no Swift library draws charts without a
/// display or a browser, and a few axes, lines and bars are little code. Panels stack down the
/// page under a title and a subtitle (what ran, where: renderer, machine, version).
struct SVGPlot {
    struct Axis {
        var label: String
        var range: ClosedRange<Double>
        var logarithmic = false

        /// The axis over `values` (with room), never empty; logarithmic axes over positive values.
        static func fitting(_ values: [Double], label: String, logarithmic: Bool = false, includesZero: Bool = false) -> Axis {
            let shown = logarithmic ? values.filter { $0 > 0 } : values
            var low = shown.min() ?? 0, high = shown.max() ?? 1
            if includesZero && !logarithmic { low = min(low, 0) }
            if logarithmic {
                low = pow(10, (log10(max(low, 1e-9))).rounded(.down))
                high = pow(10, (log10(max(high, low * 10))).rounded(.up))
                if high <= low { high = low * 10 }
            } else {
                if high <= low { high = low + 1 }
                let step = niceStep((high - low) / 5)
                low = (low / step).rounded(.down) * step
                high = (high / step).rounded(.up) * step
            }
            return Axis(label: label, range: low...high, logarithmic: logarithmic)
        }

        /// Where `value` lies along the axis, 0 at its start and 1 at its end.
        func fraction(_ value: Double) -> Double {
            if logarithmic {
                let v = log10(max(value, range.lowerBound)), a = log10(range.lowerBound), b = log10(range.upperBound)
                return (v - a) / (b - a)
            }
            return (value - range.lowerBound) / (range.upperBound - range.lowerBound)
        }

        var ticks: [Double] {
            if logarithmic {
                let first = Int(log10(range.lowerBound).rounded()), last = Int(log10(range.upperBound).rounded())
                let decades = (first...max(first, last)).map { pow(10, Double($0)) }
                // Few decades: 2 and 5 between them too.
                return decades.count > 3 ? decades : decades.flatMap { [$0, 2 * $0, 5 * $0] }.filter { range.contains($0) }
            }
            let step = Self.niceStep((range.upperBound - range.lowerBound) / 5)
            return stride(from: range.lowerBound, through: range.upperBound + step / 1000, by: step).map { $0 }
        }

        /// 1, 2 or 5 times a power of ten, near `raw`.
        static func niceStep(_ raw: Double) -> Double {
            guard raw > 0 else { return 1 }
            let power = pow(10, log10(raw).rounded(.down))
            let scaled = raw / power
            return (scaled < 1.5 ? 1 : scaled < 3.5 ? 2 : scaled < 7.5 ? 5 : 10) * power
        }
    }

    struct Series {
        var name: String
        var points: [(x: Double, y: Double)]
        var colour: String
        var dashed = false
        var markers = true
    }

    /// A marked x: a vertical line with its label (the timer's end), or dots on a series (taps).
    struct Mark {
        var x: Double
        var label: String
        var colour: String
    }

    private enum Panel {
        case lines(title: String, x: Axis, y: Axis, series: [Series], marks: [Mark])
        case bars(title: String, unit: String, rows: [String], segments: [(name: String, colour: String)], values: [[Double]])
    }

    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    let title: String
    let subtitle: String
    private var panels: [Panel] = []
    private let width = 900.0
    private let panelHeight = 380.0

    init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }

    mutating func addLines(title: String, x: Axis, y: Axis, series: [Series], marks: [Mark] = []) {
        panels.append(.lines(title: title, x: x, y: y, series: series, marks: marks))
    }

    /// Horizontal bars, one a row, each the sum of its segments (stacked, in `segments`' order).
    mutating func addBars(title: String, unit: String, rows: [String], segments: [(name: String, colour: String)], values: [[Double]]) {
        panels.append(.bars(title: title, unit: unit, rows: rows, segments: segments, values: values))
    }

    var text: String {
        var body: [String] = []
        var top = 70.0
        for panel in panels {
            let height: Double
            switch panel {
            case let .lines(title, x, y, series, marks):
                height = panelHeight
                body += lines(title: title, x: x, y: y, series: series, marks: marks, top: top)
            case let .bars(title, unit, rows, segments, values):
                height = max(160, 90 + Double(rows.count) * 24)
                body += bars(title: title, unit: unit, rows: rows, segments: segments, values: values, top: top, height: height)
            }
            top += height + 30
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(top))" viewBox="0 0 \(Int(width)) \(Int(top))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
        <title>\(Self.escape(title))</title>
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(Int(width / 2))" y="28" font-size="18" text-anchor="middle" font-weight="bold">\(Self.escape(title))</text>
        <text x="\(Int(width / 2))" y="50" font-size="12" text-anchor="middle" fill="#444">\(Self.escape(subtitle))</text>
        \(body.joined(separator: "\n"))
        </svg>

        """
    }

    private func lines(title: String, x: Axis, y: Axis, series: [Series], marks: [Mark], top: Double) -> [String] {
        let left = 90.0, right = width - 200, plotTop = top + 30, bottom = top + panelHeight - 50
        func px(_ v: Double) -> Double { left + x.fraction(v) * (right - left) }
        func py(_ v: Double) -> Double { bottom - y.fraction(v) * (bottom - plotTop) }
        var out = ["<g class=\"panel\">",
                   "<text x=\"\(Self.f(left))\" y=\"\(Self.f(top + 16))\" font-size=\"14\" font-weight=\"bold\">\(Self.escape(title))</text>",
                   "<rect x=\"\(Self.f(left))\" y=\"\(Self.f(plotTop))\" width=\"\(Self.f(right - left))\" height=\"\(Self.f(bottom - plotTop))\" fill=\"none\" stroke=\"#888\"/>"]
        for tick in x.ticks {
            out.append("<line x1=\"\(Self.f(px(tick)))\" y1=\"\(Self.f(plotTop))\" x2=\"\(Self.f(px(tick)))\" y2=\"\(Self.f(bottom))\" stroke=\"#e4e4e4\"/>")
            out.append("<text x=\"\(Self.f(px(tick)))\" y=\"\(Self.f(bottom + 16))\" font-size=\"11\" text-anchor=\"middle\">\(Self.number(tick))</text>")
        }
        for tick in y.ticks {
            out.append("<line x1=\"\(Self.f(left))\" y1=\"\(Self.f(py(tick)))\" x2=\"\(Self.f(right))\" y2=\"\(Self.f(py(tick)))\" stroke=\"#e4e4e4\"/>")
            out.append("<text x=\"\(Self.f(left - 6))\" y=\"\(Self.f(py(tick) + 4))\" font-size=\"11\" text-anchor=\"end\">\(Self.number(tick))</text>")
        }
        out.append("<text x=\"\(Self.f((left + right) / 2))\" y=\"\(Self.f(bottom + 36))\" font-size=\"12\" text-anchor=\"middle\">\(Self.escape(x.label))</text>")
        out.append("<text transform=\"translate(\(Self.f(left - 60)) \(Self.f((plotTop + bottom) / 2))) rotate(-90)\" font-size=\"12\" text-anchor=\"middle\">\(Self.escape(y.label))</text>")
        var labelled: [String] = []
        for mark in marks where x.range.contains(mark.x) {
            out.append("<line class=\"mark\" data-name=\"\(Self.escape(mark.label))\" x1=\"\(Self.f(px(mark.x)))\" y1=\"\(Self.f(plotTop))\" x2=\"\(Self.f(px(mark.x)))\" y2=\"\(Self.f(bottom))\" stroke=\"\(mark.colour)\" stroke-dasharray=\"2 3\"/>")
            // Marks of one kind (taps, each run's end) are labelled once, each kind on a row of
            // its own, on a white halo, and to the left of the line near the right edge.
            guard !labelled.contains(mark.label) else { continue }
            labelled.append(mark.label)
            let rowY = plotTop + 14 + Double(labelled.count - 1) * 15
            let fits = px(mark.x) + 4 + Double(mark.label.count) * 6.5 < right
            out.append("<text x=\"\(Self.f(fits ? px(mark.x) + 4 : px(mark.x) - 4))\" y=\"\(Self.f(rowY))\" font-size=\"11\" fill=\"\(mark.colour)\" text-anchor=\"\(fits ? "start" : "end")\" paint-order=\"stroke\" stroke=\"white\" stroke-width=\"3\">\(Self.escape(mark.label))</text>")
        }
        var legends = 0
        for line in series {
            let points = line.points.filter { !y.logarithmic || $0.y > 0 }
            let path = points.map { "\(Self.f(px($0.x))),\(Self.f(py($0.y)))" }.joined(separator: " ")
            out.append("<polyline class=\"series\" data-name=\"\(Self.escape(line.name))\" points=\"\(path)\" fill=\"none\" stroke=\"\(line.colour)\" stroke-width=\"2\"\(line.dashed ? " stroke-dasharray=\"6 4\"" : "")/>")
            if line.markers {
                for point in points {
                    out.append("<circle cx=\"\(Self.f(px(point.x)))\" cy=\"\(Self.f(py(point.y)))\" r=\"3.5\" fill=\"\(line.colour)\"/>")
                }
            }
            guard !line.name.isEmpty else { continue }
            let legendY = plotTop + 10 + Double(legends) * 20
            legends += 1
            out.append("<line x1=\"\(Self.f(right + 15))\" y1=\"\(Self.f(legendY))\" x2=\"\(Self.f(right + 40))\" y2=\"\(Self.f(legendY))\" stroke=\"\(line.colour)\" stroke-width=\"2\"\(line.dashed ? " stroke-dasharray=\"6 4\"" : "")/>")
            out.append("<text x=\"\(Self.f(right + 46))\" y=\"\(Self.f(legendY + 4))\" font-size=\"11\">\(Self.escape(line.name))</text>")
        }
        out.append("</g>")
        return out
    }

    private func bars(title: String, unit: String, rows: [String], segments: [(name: String, colour: String)], values: [[Double]],
                      top: Double, height: Double) -> [String] {
        let left = 200.0, right = width - 150, plotTop = top + 30, bottom = top + height - 50
        let axis = Axis.fitting(values.map { $0.reduce(0, +) }, label: unit, includesZero: true)
        func px(_ v: Double) -> Double { left + axis.fraction(v) * (right - left) }
        let rowHeight = (bottom - plotTop) / Double(max(rows.count, 1))
        var out = ["<g class=\"panel\">",
                   "<text x=\"\(Self.f(90))\" y=\"\(Self.f(top + 16))\" font-size=\"14\" font-weight=\"bold\">\(Self.escape(title))</text>"]
        for tick in axis.ticks {
            out.append("<line x1=\"\(Self.f(px(tick)))\" y1=\"\(Self.f(plotTop))\" x2=\"\(Self.f(px(tick)))\" y2=\"\(Self.f(bottom))\" stroke=\"#e4e4e4\"/>")
            out.append("<text x=\"\(Self.f(px(tick)))\" y=\"\(Self.f(bottom + 16))\" font-size=\"11\" text-anchor=\"middle\">\(Self.number(tick))</text>")
        }
        out.append("<text x=\"\(Self.f((left + right) / 2))\" y=\"\(Self.f(bottom + 36))\" font-size=\"12\" text-anchor=\"middle\">\(Self.escape(unit))</text>")
        for (index, row) in rows.enumerated() {
            let y = plotTop + Double(index) * rowHeight
            out.append("<text x=\"\(Self.f(left - 8))\" y=\"\(Self.f(y + rowHeight / 2 + 4))\" font-size=\"11\" text-anchor=\"end\">\(Self.escape(row))</text>")
            var start = 0.0
            for (segment, value) in zip(segments, values[index]) where value > 0 {
                out.append("<rect class=\"bar\" data-name=\"\(Self.escape(segment.name))\" x=\"\(Self.f(px(start)))\" y=\"\(Self.f(y + rowHeight * 0.15))\" width=\"\(Self.f(px(start + value) - px(start)))\" height=\"\(Self.f(rowHeight * 0.7))\" fill=\"\(segment.colour)\"><title>\(Self.escape(row)): \(Self.escape(segment.name)) \(Self.number(value)) \(Self.escape(unit))</title></rect>")
                start += value
            }
        }
        for (index, segment) in segments.enumerated() {
            let legendY = plotTop + 10 + Double(index) * 20
            out.append("<rect x=\"\(Self.f(right + 15))\" y=\"\(Self.f(legendY - 6))\" width=\"14\" height=\"10\" fill=\"\(segment.colour)\"/>")
            out.append("<text x=\"\(Self.f(right + 34))\" y=\"\(Self.f(legendY + 3))\" font-size=\"11\">\(Self.escape(segment.name))</text>")
        }
        out.append("</g>")
        return out
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static func f(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// A tick's number: thousands grouped, no needless decimals (0.5, 2, 10,000, 1,000,000).
    static func number(_ value: Double) -> String {
        if value != 0, abs(value) < 0.01 { return String(format: "%.0e", value) }
        if value == value.rounded() { return NumberText.whole(Int(value)) }
        return NumberText.grouped(value)
    }

    /// Writes the page, saying where it failed.
    func write(to path: String) throws {
        try Console.write(text, to: path)
        Console.progress("plot written to \(path)")
    }
}
