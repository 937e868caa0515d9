import Foundation

/// The neck a run's glass has: the original's for short timers, narrower for long ones, as
/// hourglass makers get a long time from a narrow neck. Beverloo's law inverted at the gravity
/// floor: the opening through which the engine's sand, left alone, would run
/// `longTimerHeadroom` times faster than the timer needs, so the drain controller holds back
/// no more than it can; never narrower than `longTimerNeckDiameters` grains, where arches close
/// the neck (docs/PHYSICS.md, "Long timers").
public enum NeckSizing {
    /// The inner neck radius for a run of `duration` seconds with `count` grains of `grainRadius`.
    public static func innerRadius(duration: Float, mode: PhysicsMode, count: Int, grainRadius: Float) -> Float {
        let original = HourglassProfile.innerNeckRadius(grainRadius: grainRadius)
        guard duration > PhysicsConstants.longestOriginalTimer else { return original }
        let fit = calibration(mode)
        let wanted = Double(PhysicsConstants.longTimerHeadroom) / Double(duration)
        let atFloor = Double(pileVolume(count: count, grainRadius: grainRadius)) * wanted
            / pow(Double(PhysicsConstants.minimumDrainGravity), fit.gravityExponent)
        // Beverloo inverted: share = full · ((D − k·d) / D₀)^{5/2}.
        let free = Double(PhysicsConstants.drainReferenceOpening) * pow(atFloor / fit.full, 0.4)
        let opening = Float(free) + 2 * grainRadius * Float(fit.edgeDiameters)
        let narrowest = PhysicsConstants.longTimerNeckDiameters * grainRadius
        return min(max(opening / 2, narrowest), original)
    }

    /// The glass for that run.
    public static func profile(duration: Float, mode: PhysicsMode, count: Int, grainRadius: Float) -> HourglassProfile {
        HourglassProfile(grainRadius: grainRadius,
                         innerNeckRadius: innerRadius(duration: duration, mode: mode, count: count, grainRadius: grainRadius))
    }

    /// The share of the pile a second that runs through an opening `opening` wide at `gravity`,
    /// left alone: the engine's Beverloo fit, for a pile of the size slider's volume.
    public static func freeShare(opening: Float, mode: PhysicsMode, count: Int, grainRadius: Float, gravity: Float) -> Double {
        calibration(mode).share(opening: opening, diameter: 2 * grainRadius, gravity: gravity)
            / Double(pileVolume(count: count, grainRadius: grainRadius))
    }

    static func calibration(_ mode: PhysicsMode) -> DrainCalibration {
        mode == .cpu ? PhysicsConstants.cpuDrain : PhysicsConstants.computeDrain
    }

    /// The pile's volume against the reference's: the size slider makes it larger.
    static func pileVolume(count: Int, grainRadius: Float) -> Float {
        pow(grainRadius / Pile(count: count).radius, 3)
    }
}
