// What one helper dispatch is told beyond the solve's block (DispatchBlock in Swift,
// HourglassBlocks.swift): each program reads the members it needs, its owner fills them.
layout(std140, binding = UNIFORMS_DISPATCH) uniform DispatchBlock {
    uint grainTotal;         // the grains the dispatch covers (counting, meshes)
    uint valueCount;         // a prefix sum's values at this level
    uint upperSlot;          // the slot of UpperCounter's ring the count above the neck goes to
    uint fastestSlot;        // and the fastest grain's speed
    uint substeps;           // a small pile's dispatch: its substeps
    uint tickStarts;         // 1 where the dispatch begins the tick: deep sleepers look then
};
