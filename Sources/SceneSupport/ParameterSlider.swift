/// One value of a scene's parameters as its settings panel shows it: label (the English key of
/// the app's string catalogues), where it lives, the range the panel and `clamped` keep it in,
/// and the printf format of its value.
public typealias ParameterSlider<Root> = (label: String, keyPath: WritableKeyPath<Root, Float> & Sendable, range: ClosedRange<Float>, format: String)

/// Bringing a scene's parameters back into range (a hand-edited settings file must not break
/// the app): what every scene's `clamped()` does before its own rules.
public enum ParameterClamp {
    /// `parameters` with each slider's value in its range; a non-finite one becomes its default.
    public static func sliders<Root>(_ sliders: [ParameterSlider<Root>], of parameters: Root, defaults: Root) -> Root {
        var result = parameters
        for slider in sliders {
            let value = parameters[keyPath: slider.keyPath]
            result[keyPath: slider.keyPath] = value.isFinite
                ? min(max(value, slider.range.lowerBound), slider.range.upperBound)
                : defaults[keyPath: slider.keyPath]
        }
        return result
    }

    /// Each channel of a colour in 0–1; a non-finite one becomes `fallback`'s.
    public static func colour(_ colour: SIMD3<Float>, fallback: SIMD3<Float>) -> SIMD3<Float> {
        var channels = colour
        for i in 0..<3 { channels[i] = channels[i].isFinite ? min(max(channels[i], 0), 1) : fallback[i] }
        return channels
    }
}
