import SandGL
import SandSim

/// What the user asks of the hourglass: through the overlay, a key, the mouse on the glass or a
/// scripted hand. `HourglassSession` takes them all.
enum HourglassEvent: Equatable {
    case select(PhysicsMode)
    case count(Int)
    case size(Float)
    case duration(Float)
    /// The overlay's button: start at rest, reset while the sand runs.
    case startOrReset
    /// Space: start (a flip) whatever the phase; ignored while one is under way.
    case start
    case reset
    case pause
    case chime(Bool)
    case notify(Bool)
    case randomColors(Bool)
    /// Every hourglass setting back to its default.
    case defaults
    case grainShape(GrainShape)
    /// The hand on the glass: the mouse's press, drag and release, or `run --turn`'s.
    case hand(HandMove)
    /// A line for the person, as a toast: what a typed value could not be.
    case tell(String)
}
