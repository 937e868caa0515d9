import Foundation

/// The GPU's step and disturbance on the CPU, line for line, for tests: the compute shaders
/// must agree with these to float rounding. Fields are row-major, row 0 at the top.
public enum WaveReference {
    /// One step of `WaveClock.stepSeconds`: returns the next field (see `WaveCoefficients`).
    /// Samples beyond the grid repeat the edge cell (a reflecting wall before attenuation).
    public static func step(previous: [Float], current: [Float], width: Int, height: Int, parameters: WaveParameters) -> [Float] {
        step(previous: previous, current: current, width: width, height: height,
             coefficients: WaveCoefficients(parameters: parameters, width: width, height: height))
    }

    public static func step(previous: [Float], current: [Float], width: Int, height: Int, coefficients c: WaveCoefficients) -> [Float] {
        precondition(previous.count == width * height && current.count == width * height)
        var next = [Float](repeating: 0, count: width * height)
        var attenuation = [Float](repeating: 1, count: width * height)
        for y in 0..<height {
            for x in 0..<width { attenuation[y * width + x] = c.attenuation(x: x, y: y, width: width, height: height) }
        }
        previous.withUnsafeBufferPointer { prev in
            current.withUnsafeBufferPointer { cur in
                attenuation.withUnsafeBufferPointer { att in
                    next.withUnsafeMutableBufferPointer { out in
                        func index(_ x: Int, _ y: Int) -> Int {
                            min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)
                        }
                        // The previous field as the attenuated state: see `WaveCoefficients`.
                        func velocity(_ i: Int) -> Float { cur[i] - att[i] * prev[i] }
                        for y in 0..<height {
                            for x in 0..<width {
                                let centre = index(x, y)
                                let u = cur[centre]
                                let west = index(x - 1, y), east = index(x + 1, y)
                                let north = index(x, y - 1), south = index(x, y + 1)
                                let cardinal = cur[west] + cur[east] + cur[north] + cur[south]
                                let diagonal = cur[index(x - 1, y - 1)] + cur[index(x + 1, y - 1)]
                                    + cur[index(x - 1, y + 1)] + cur[index(x + 1, y + 1)]
                                let laplacian = (4 * cardinal + diagonal - 20 * u) / 6
                                let cardinalLaplacian = cardinal - 4 * u
                                let diagonalLaplacian = (diagonal - 4 * u) * 0.5
                                let acceleration = laplacian + c.dispersion * (diagonalLaplacian - cardinalLaplacian)

                                var v = velocity(centre)
                                let neighbourMean = (velocity(west) + velocity(east) + velocity(north) + velocity(south)) * 0.25
                                v += c.viscosityBlend * (neighbourMean - v)
                                v *= c.decay
                                out[centre] = att[centre] * (u + v + c.k * acceleration)
                            }
                        }
                    }
                }
            }
        }
        return next
    }

    /// Adds `disturbances` to the Verlet pair: `WaveBrushShape.profile` (a Gaussian of radius
    /// R = brushRadius × the grid's smaller side, in cells, less a quarter of one twice as wide),
    /// times strength × impulse; 82% of it
    /// becomes velocity (current += kick/2, previous −= kick/2) and 18% displacement (added to
    /// both). Positions are 0–1 across the grid, y down; cell (i, j) sits at (i + ½, j + ½).
    public static func disturb(previous: inout [Float], current: inout [Float], width: Int, height: Int,
                               disturbances: [WaveDisturbance], parameters: WaveParameters) {
        let p = parameters.clamped()
        let radius = p.brushRadius * Float(min(width, height))
        for d in disturbances {
            let cx = d.x * Float(width), cy = d.y * Float(height)
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Float(x) + 0.5 - cx, dy = Float(y) + 0.5 - cy
                    let amount = d.strength * p.impulse * WaveBrushShape.profile(dx * dx + dy * dy, radius: radius)
                    let kick = WaveImpulse.velocityShare * amount
                    let lift = amount - kick
                    current[y * width + x] += lift + kick * 0.5
                    previous[y * width + x] += lift - kick * 0.5
                }
            }
        }
    }
}

/// The brush's profile, shared by the reference and (as the same formula) the shader.
public enum WaveBrushShape {
    /// How much of a Gaussian twice as wide is taken away: with 1/4 the profile holds no net
    /// volume (∫exp(−r²/R²) = πR²), so a tap leaves rings and no raised disc.
    public static let surroundShare: Float = 0.25

    /// exp(−r²/R²) − ¼·exp(−r²/4R²): a Gaussian dip with a shallow, wide rim, in total zero.
    public static func profile(_ squaredDistance: Float, radius: Float) -> Float {
        let q = squaredDistance / (radius * radius)
        return exp(-q) - surroundShare * exp(-q / 4)
    }
}
