/// PCG's output hash (O'Neill), the random numbers the scenes' compute shaders draw (their
/// `pcg` and `unit` do the same in uint arithmetic), so the CPU references draw the same ones.
public enum PCG {
    public static func hash(_ v: UInt32) -> UInt32 {
        let state = v &* 747796405 &+ 2891336453
        let word = ((state >> ((state >> 28) &+ 4)) ^ state) &* 277803737
        return (word >> 22) ^ word
    }

    /// 24 bits of a hash as a float in 0..<1 (exact in both languages).
    public static func unit(_ h: UInt32) -> Float { Float(h >> 8) * (1.0 / 16_777_216.0) }

    /// `count` numbers in 0..<1 down the hash chain from `seed`: unit(hash(seed)),
    /// unit(hash(hash(seed))), …
    public static func randoms(seed: UInt32, count: Int) -> [Float] {
        var h = hash(seed)
        var values: [Float] = []
        for _ in 0..<count {
            values.append(unit(h))
            h = hash(h)
        }
        return values
    }
}
