/// Where the compute engine binds each buffer, texture view and image, shared with the shaders
/// as `#define`s (HourglassShaders), so a binding is numbered once.
enum ComputeBindings {
    /// Shader storage blocks.
    static let buffers: [(String, Int)] = [
        ("BUFFER_PARTICLES", particles), ("BUFFER_COLORS", colors), ("BUFFER_CORNERS", corners), ("BUFFER_VERTICES", vertices),
        ("BUFFER_CELL_COUNTS", cellCounts), ("BUFFER_CELL_STARTS", cellStarts), ("BUFFER_GRAIN_SLOTS", grainSlots),
        ("BUFFER_RELIST_ARGS", relistArgs), ("BUFFER_RELIST_COUNT", relistCount),
        ("BUFFER_SCAN_VALUES", scanValues), ("BUFFER_SCAN_SUMS", scanSums), ("BUFFER_SCAN_TOTALS", scanTotals),
        ("BUFFER_UPPER_COUNTS", upperCounts), ("BUFFER_CONTACT_MEMORY", contactMemory),
        ("BUFFER_SCRATCH_MEMORY", scratchMemory), ("BUFFER_SCRATCH_NEIGHBOURS", scratchNeighbours),
    ]
    static let particles = 0, colors = 1, corners = 2, vertices = 3
    static let cellCounts = 4, cellStarts = 5, grainSlots = 6, relistArgs = 7, relistCount = 8
    static let scanValues = 9, scanSums = 10, scanTotals = 11, upperCounts = 12
    static let contactMemory = 13, scratchMemory = 14, scratchNeighbours = 15

    /// Uniform blocks.
    static let uniformBlocks: [(String, Int)] = [("UNIFORMS_SOLVE", solveParameters)]
    static let solveParameters = 0

    /// Texture units, read with `texelFetch`.
    static let units: [(String, Int)] = [
        ("UNIT_GRAINS", grainsUnit), ("UNIT_ITERATE", iterateUnit), ("UNIT_CONTACT_LIST", contactListUnit), ("UNIT_PROFILE", profileUnit),
        ("UNIT_LISTED_AT", listedAtUnit), ("UNIT_IDS", idsUnit), ("UNIT_SCRATCH", scratchUnit), ("UNIT_SCRATCH_IDS", scratchIdsUnit),
        ("UNIT_MEMORY", memoryUnit),
    ]
    static let grainsUnit = 0, iterateUnit = 1, contactListUnit = 2, profileUnit = 3
    static let listedAtUnit = 4, idsUnit = 5, scratchUnit = 6, scratchIdsUnit = 7, memoryUnit = 8

    /// Image units, written with `imageStore`.
    static let images: [(String, Int)] = [
        ("IMAGE_GRAINS", grainsImage), ("IMAGE_ITERATE", iterateImage), ("IMAGE_CONTACT_LIST", contactListImage),
        ("IMAGE_LISTED_AT", listedAtImage), ("IMAGE_IDS", idsImage), ("IMAGE_SCRATCH", scratchImage), ("IMAGE_SCRATCH_IDS", scratchIdsImage),
        ("IMAGE_TICK_GRAINS", tickGrainsImage), ("IMAGE_TICK_WORDS", tickWordsImage),
    ]
    static let grainsImage = 0, iterateImage = 1, contactListImage = 2, listedAtImage = 3, idsImage = 4
    static let scratchImage = 5, scratchIdsImage = 6
    /// A small pile's tick (SmallPileTick) binds no other image: it takes the first two units.
    static let tickGrainsImage = 0, tickWordsImage = 1
}
