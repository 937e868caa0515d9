extension Duration {
    /// The length in seconds, as wall-clock timings are reported.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
