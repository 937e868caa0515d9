import GLSupport

/// Which part of a substep one iteration of the contact solve plays: the first predicts the
/// grains, the last ends the substep; a substep of one iteration does both. Each role is its
/// own compiled variant of `contact_solve.comp`.
enum IterationRole: CaseIterable {
    case only, first, between, last

    init(_ iteration: Int, of iterations: Int) {
        switch (iteration == 0, iteration == iterations - 1) {
        case (true, true): self = .only
        case (true, false): self = .first
        case (false, false): self = .between
        case (false, true): self = .last
        }
    }

    var isFirst: Bool { self == .only || self == .first }
    var isLast: Bool { self == .only || self == .last }

    /// `contact_solve.comp`'s shaders as this role's variant.
    func variant(of shaders: ShaderSource) -> ShaderSource {
        shaders.adding(defines: "#define FIRST_ITERATION \(isFirst ? 1 : 0)\n#define LAST_ITERATION \(isLast ? 1 : 0)", variant: "\(self)")
    }
}
