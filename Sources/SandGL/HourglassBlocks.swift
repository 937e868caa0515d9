import Foundation
import GLSupport
import SandSim

// The Swift mirrors of the hourglass's drawing and helper-compute uniform blocks
// (UniformBlockMirror), each uploaded whole when it changes; the solve's is SolveParameters.
// HourglassShaders gives the shaders their bindings (`HourglassBlocks.defines`).

enum HourglassBlocks {
    static let defines: [(String, Int)] = [
        ("UNIFORMS_VIEW", HourglassViewBlock.binding), ("UNIFORMS_CAPS", CapsBlock.binding), ("UNIFORMS_GLASS", GlassBlock.binding),
        ("UNIFORMS_BACKDROP", BackdropBlock.binding), ("UNIFORMS_DESK", DeskBlock.binding), ("UNIFORMS_SHADING", GrainShadingBlock.binding),
        ("UNIFORMS_LISTING", ListingBlock.binding), ("UNIFORMS_DISPATCH", DispatchBlock.binding),
    ]
}

/// view.glsl: where a glass is drawn from, for every program that draws part of it.
struct HourglassViewBlock: UniformBlockMirror {
    static let binding = 1
    var model: PackedMatrix4
    var viewProjection: PackedMatrix4
    var cameraPosition: PaddedFloat3
    var windowSize: SIMD2<Float>
    private var padding = SIMD2<Float>.zero

    init(model: Matrix4 = .identity, viewProjection: Matrix4 = .identity, cameraPosition: SIMD3<Float> = .zero, width: Int, height: Int) {
        self.model = PackedMatrix4(model)
        self.viewProjection = PackedMatrix4(viewProjection)
        self.cameraPosition = PaddedFloat3(cameraPosition)
        windowSize = SIMD2(Float(width), Float(height))
    }
}

/// caps.frag's wood: Blinn, opaque (Materials.caps).
struct CapsBlock: UniformBlockMirror {
    static let binding = 2
    var diffuseColor: PackedFloat3
    /// The highlight's share over the wood.
    var specularAlpha: Float
    var specularColor: PackedFloat3
    var shininess: Float
    /// Highlights are lit as mirror reflections of the lights, brighter than diffuse light.
    var specularStrength: Float
    private var padding: (Float, Float, Float) = (0, 0, 0)

    init(diffuse: SIMD3<Float>, specular: SIMD3<Float>, specularAlpha: Float, shininess: Float, specularStrength: Float) {
        (diffuseColor, specularColor) = (PackedFloat3(diffuse), PackedFloat3(specular))
        (self.specularAlpha, self.shininess, self.specularStrength) = (specularAlpha, shininess, specularStrength)
    }
}

/// glass.frag's thin clear glass (Materials.glass).
struct GlassBlock: UniformBlockMirror {
    static let binding = 3
    /// Reflectance facing the eye: 4% for glass (index 1.5).
    var fresnelF0: Float
    /// −log2 of the light through the wall where it faces the eye; the path and the loss grow
    /// as 1 / cos toward grazing angles.
    var wallAbsorbance: Float
    var shininess: Float
    /// The key light's Blinn highlight, over the studio's reflections.
    var highlightStrength: Float

    init(fresnelF0: Float, wallTransmission: Float, shininess: Float, highlightStrength: Float) {
        (self.fresnelF0, wallAbsorbance) = (fresnelF0, -log2(wallTransmission))
        (self.shininess, self.highlightStrength) = (shininess, highlightStrength)
    }
}

/// backdrop.glsl's colours (Backdrop).
struct BackdropBlock: UniformBlockMirror {
    static let binding = 4
    var topColor: PackedFloat3
    var vignette: Float
    var bottomColor: PaddedFloat3

    init(top: SIMD3<Float>, bottom: SIMD3<Float>, vignette: Float) {
        topColor = PackedFloat3(top)
        self.vignette = vignette
        bottomColor = PaddedFloat3(bottom)
    }
}

/// desk.glsl: the desk under one glass (Desk) and that glass's view of it.
struct DeskBlock: UniformBlockMirror {
    static let binding = 5
    var deskViewProjection: PackedMatrix4
    var deskColor: PackedFloat3
    var deskHeight: Float
    var deskFade: SIMD2<Float>
    var capRadius: Float
    var clearance: Float
    var shadowStrength: Float
    var shadowPenumbra: Float
    var shadowFadeHeight: Float
    private var padding: Float = 0

    init(viewProjection: Matrix4, capRadius: Float, clearance: Float) {
        deskViewProjection = PackedMatrix4(viewProjection)
        deskColor = PackedFloat3(Desk.color)
        deskHeight = Desk.height
        deskFade = Desk.fade
        self.capRadius = capRadius
        self.clearance = clearance
        shadowStrength = Desk.shadowStrength
        shadowPenumbra = Desk.shadowPenumbra
        shadowFadeHeight = Desk.shadowFadeHeight
    }
}

/// occlusion_field.glsl: the occlusion field's place and what a frame's grain shading reads
/// (GrainShading).
struct GrainShadingBlock: UniformBlockMirror {
    static let binding = 6
    var fieldOrigin = PackedFloat3(.zero)
    var fieldCellSize: Float = 1
    var fieldSize = SIMD3<Int32>.zero.packed
    var grainCount: UInt32 = 0
    var eye = PackedFloat3(.zero)
    var grainRadius: Float = 0
    var packedCount: Float = 0
    private var padding: (Float, Float, Float) = (0, 0, 0)
}

/// grid.glsl: the neighbour grid and the lists' skin, for the sort (ContactListing) and a small
/// pile's tick (SmallPileTick).
struct ListingBlock: UniformBlockMirror {
    static let binding = 7
    var gridOrigin: PackedFloat3
    var gridCellSize: Float
    var gridSize: PackedInt3
    var listSkin: Float

    init(grid: NeighbourGrid, skin: Float) {
        gridOrigin = PackedFloat3(grid.origin)
        gridCellSize = grid.cellSize
        gridSize = grid.dimensions.packed
        listSkin = skin
    }
}

/// dispatch_parameters.glsl: what one helper dispatch is told; its owner fills what its
/// program reads.
struct DispatchBlock: UniformBlockMirror {
    static let binding = 8
    var grainTotal: UInt32
    var valueCount: UInt32
    var upperSlot: UInt32
    var fastestSlot: UInt32
    var substeps: UInt32
    var tickStarts: UInt32
    private var padding: (UInt32, UInt32) = (0, 0)

    init(grainTotal: UInt32 = 0, valueCount: UInt32 = 0, upperSlot: UInt32 = 0, fastestSlot: UInt32 = 0, substeps: UInt32 = 0, tickStarts: UInt32 = 0) {
        (self.grainTotal, self.valueCount, self.upperSlot, self.fastestSlot) = (grainTotal, valueCount, upperSlot, fastestSlot)
        (self.substeps, self.tickStarts) = (substeps, tickStarts)
    }
}
