import Foundation
import GLSupport

/// Where the tests find the checkout they were built from: by this file's place in it, so a
/// test binary run from anywhere reads the checkout's own shaders.
public enum Checkout {
    /// The repository's folder, this file's two folders up.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Its `Shaders` folder.
    public static let shaders = ShaderSource(directory: folder.appendingPathComponent("Shaders"))
}
