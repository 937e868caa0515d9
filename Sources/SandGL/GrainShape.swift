/// How a grain is drawn. Impostors are the default: a quad per grain with the sphere ray-cast
/// in the fragment shader (round at any size, 4 vertices instead of 42, exact depth); the
/// 42-vertex icosphere stays as a choice, and in Instanced mode it is what `expandMeshes`
/// writes.
public enum GrainShape: String, CaseIterable, Codable, Sendable {
    case impostor
    case mesh
}
