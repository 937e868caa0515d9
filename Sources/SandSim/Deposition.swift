import Foundation

/// Sequential deposition, one grain at a time (PouredPile): the grains placed so far, sorted into
/// cells two diameters wide, and the highest centre over each column of cells, so that a grain can
/// be dropped just above the pile and rolled down to where it rests.
struct Deposition {
    private let radius: Float
    private let collider: GlassCollider
    private let grid: NeighbourGrid
    /// The widest a grain's centre may be from the axis, anywhere in the lower chamber.
    private let widest: Float
    private(set) var placed: [SIMD3<Float>] = []
    /// The first grain placed in each cell and the next one in the same cell, or −1.
    private var firstInCell: [Int32]
    private var nextInCell: [Int32] = []
    /// The highest centre over each column of cells (x, z), or the floor's height.
    private var columnTop: [Float]

    /// Steps a grain may take rolling to rest: the largest piles' grains take about 40.
    private static let maximumSteps = 2_000

    init(profile: HourglassProfile, collider: GlassCollider, capacity: Int) {
        radius = profile.grainRadius
        self.collider = collider
        grid = NeighbourGrid(profile: profile, reach: 4 * radius)
        widest = HourglassProfile.chamberRadius - radius
        firstInCell = Array(repeating: -1, count: grid.cellCount)
        columnTop = Array(repeating: collider.floorY + radius, count: Int(grid.dimensions.x * grid.dimensions.z))
        placed.reserveCapacity(capacity)
        nextInCell.reserveCapacity(capacity)
    }

    /// Drops one grain where the pile is lowest of `spots` random places and rolls it to rest.
    /// False, placing nothing, once it would rest above `ceiling`.
    mutating func dropOne(spots: Int, below ceiling: Float, using random: inout SeededRandom) -> Bool {
        var start: SIMD3<Float>?
        var found = 0
        for _ in 0..<(16 * spots) where found < spots {
            let angle = Float.random(in: 0..<(2 * Float.pi), using: &random)
            let radial = widest * Float.random(in: 0...1, using: &random).squareRoot()
            let x = radial * cos(angle), z = radial * sin(angle)
            let y = startHeight(x: x, z: z)
            guard radial <= collider.wall.radius(at: y) - radius else { continue }
            found += 1
            if start.map({ y < $0.y }) ?? true { start = SIMD3(x, y, z) }
        }
        guard let start, start.y <= ceiling else { return false }
        let rest = roll(from: start)
        guard rest.y <= ceiling else { return false }
        insert(rest)
        return true
    }

    /// A diameter above every grain within reach of the column through (x, z).
    private func startHeight(x: Float, z: Float) -> Float {
        let diameter = 2 * radius
        let low = grid.cell(of: SIMD3(x - diameter, 0, z - diameter)), high = grid.cell(of: SIMD3(x + diameter, 0, z + diameter))
        var top = collider.floorY + radius
        for cz in low.z...high.z {
            for cx in low.x...high.x {
                top = max(top, columnTop[Int(cx) + Int(grid.dimensions.x) * Int(cz)] + diameter)
            }
        }
        return top
    }

    /// Slides the grain where gravity takes it along what it touches, a step at a time, until
    /// what it touches holds it up; the step halves where it is blocked, so the grain comes to
    /// rest within a 64th of a radius.
    private func roll(from start: SIMD3<Float>) -> SIMD3<Float> {
        let largest = radius, smallest = radius / 64
        var p = start, step = largest
        var touching: [SIMD3<Float>] = [], touchingTrial: [SIMD3<Float>] = [], nearby: [SIMD3<Float>] = []
        touching.reserveCapacity(16)
        touchingTrial.reserveCapacity(16)
        nearby.reserveCapacity(64)
        guard resolve(&p, touching: &touching, nearby: &nearby) else { return p }
        for _ in 0..<Self.maximumSteps {
            let slide = Self.slide(along: touching)
            let length = (slide * slide).sum().squareRoot()
            if length < 1e-3 { return p }
            var trial = p + slide * (step / length)
            if resolve(&trial, touching: &touchingTrial, nearby: &nearby), trial.y < p.y - radius * 1e-6 {
                let moved = ((trial - p) * (trial - p)).sum().squareRoot()
                p = trial
                swap(&touching, &touchingTrial)
                if moved > 0.9 * step { step = min(2 * step, largest) }
            } else if step > smallest {
                step /= 2
            } else {
                return p
            }
        }
        return p
    }

    /// Moves `p` out of the grains placed, the glass and the floor, its two deepest contacts at
    /// a time, until nothing pushes it, and gives the unit normals of what it then touches, each
    /// from the contact to the grain; false if something still pushes after a few rounds. Both
    /// at once, as the move along both normals that clears each (linearised): one at a time, a
    /// grain in a gap between two grains on either side is pushed back and forth and hardly up.
    /// `nearby`: room for the grains within reach, gathered again once `p` has moved a quarter
    /// radius (most steps' pushes move it less).
    private func resolve(_ p: inout SIMD3<Float>, touching: inout [SIMD3<Float>], nearby: inout [SIMD3<Float>]) -> Bool {
        let diameter = 2 * radius, reach = diameter + radius * 1e-3
        var gatheredAt = SIMD3<Float>(repeating: .infinity)
        for _ in 0..<16 {
            if ((p - gatheredAt) * (p - gatheredAt)).sum() > radius * radius / 16 {
                gatheredAt = p
                nearby.removeAll(keepingCapacity: true)
                let within = reach + radius / 4
                forEachNeighbour(of: p, within: within) { q in
                    if ((q - p) * (q - p)).sum() < within * within { nearby.append(q) }
                }
            }
            touching.removeAll(keepingCapacity: true)
            var first = (depth: Float(0), normal: SIMD3<Float>.zero), second = first
            func consider(_ depth: Float, _ normal: SIMD3<Float>) {
                touching.append(normal)
                if depth > first.depth {
                    second = first
                    first = (depth, normal)
                } else if depth > second.depth {
                    second = (depth, normal)
                }
            }
            for q in nearby {
                let offset = p - q
                let distanceSquared = (offset * offset).sum()
                guard distanceSquared < reach * reach, distanceSquared > 0 else { continue }
                let distance = distanceSquared.squareRoot()
                consider(diameter - distance, offset / distance)
            }
            let radial = (p.x * p.x + p.z * p.z).squareRoot()
            let wallGap = collider.wall.radius(at: p.y) - radius - radial
            if radial > 0, wallGap < radius * 1e-3 {
                // Into the glass, against the outward normal (1, −slope) in the (radial, y) plane.
                let slope = collider.wall.slope(at: p.y)
                let length = (1 + slope * slope).squareRoot()
                consider(-wallGap / length, SIMD3(-p.x / radial, slope, -p.z / radial) / length)
            }
            let floorGap = p.y - (collider.floorY + radius)
            if floorGap < radius * 1e-3 { consider(-floorGap, SIMD3(0, 1, 0)) }
            if first.depth < radius * 1e-5 { return true }
            let along = (first.normal * second.normal).sum()
            let determinant = 1 - along * along
            let shares = (first.depth - along * second.depth, second.depth - along * first.depth)
            if second.depth > 0, determinant > 1e-4, shares.0 >= 0, shares.1 >= 0 {
                var move = (first.normal * shares.0 + second.normal * shares.1) / determinant
                let length = (move * move).sum().squareRoot()
                if length > radius { move *= radius / length }
                p += move
            } else {
                p += first.normal * first.depth
            }
        }
        return false
    }

    /// How a frictionless grain touching along `normals` moves under gravity: gravity plus the
    /// contacts' pushes, none pulling (λ ≥ 0), none letting it into what it touches, and each
    /// that pushes touching still. Zero where they hold it up. Found by trying the contacts that
    /// push, none, one, two, then three of them at a time (the first set that fits is the answer).
    static func slide(along normals: [SIMD3<Float>]) -> SIMD3<Float> {
        let gravity = SIMD3<Float>(0, -1, 0)
        func fits(_ v: SIMD3<Float>) -> Bool { normals.allSatisfy { ($0 * v).sum() >= -1e-5 } }
        if fits(gravity) { return gravity }
        let count = normals.count
        for i in 0..<count {
            let a = normals[i]
            let v = gravity + a * a.y
            if a.y >= 0, fits(v) { return v }
        }
        for i in 0..<count {
            for j in (i + 1)..<count {
                let a = normals[i], b = normals[j]
                let along = (a * b).sum(), determinant = 1 - along * along
                guard determinant > 1e-6 else { continue }
                let shares = SIMD2(a.y - along * b.y, b.y - along * a.y) / determinant
                let v = gravity + a * shares.x + b * shares.y
                if shares.min() >= 0, fits(v) { return v }
            }
        }
        for i in 0..<count {
            for j in (i + 1)..<count {
                for k in (j + 1)..<count {
                    let a = normals[i], b = normals[j], c = normals[k]
                    let determinant = triple(a, b, c)
                    guard abs(determinant) > 1e-6 else { continue }
                    // Cramer's rule for up = λa·a + λb·b + λc·c.
                    let up = -gravity
                    let shares = SIMD3(triple(up, b, c), triple(a, up, c), triple(a, b, up)) / determinant
                    if shares.min() >= -1e-5 { return .zero }
                }
            }
        }
        return .zero
    }

    /// a · (b × c).
    private static func triple(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>) -> Float {
        a.x * (b.y * c.z - b.z * c.y) + a.y * (b.z * c.x - b.x * c.z) + a.z * (b.x * c.y - b.y * c.x)
    }

    private mutating func insert(_ p: SIMD3<Float>) {
        let cell = grid.cell(of: p)
        let index = grid.index(of: cell)
        nextInCell.append(firstInCell[index])
        firstInCell[index] = Int32(placed.count)
        placed.append(p)
        let column = Int(cell.x) + Int(grid.dimensions.x) * Int(cell.z)
        columnTop[column] = max(columnTop[column], p.y)
    }

    /// Each grain placed within `distance` of `p`, and a few beyond: those in the cells that
    /// reach holds.
    private func forEachNeighbour(of p: SIMD3<Float>, within distance: Float, _ body: (SIMD3<Float>) -> Void) {
        let reach = SIMD3<Float>(repeating: distance)
        let low = grid.cell(of: p - reach), high = grid.cell(of: p + reach)
        for cz in low.z...high.z {
            for cy in low.y...high.y {
                for cx in low.x...high.x {
                    var grain = firstInCell[grid.index(of: SIMD3(cx, cy, cz))]
                    while grain >= 0 {
                        body(placed[Int(grain)])
                        grain = nextInCell[Int(grain)]
                    }
                }
            }
        }
    }
}
