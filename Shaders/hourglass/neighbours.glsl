// The grains near a point, from the grid sort that ran before the substep (grid_count,
// prefix_sum, grid_scatter): only the 27 cells around a grain can hold a grain within reach.
// Needs grid.glsl.
layout(std430, binding = 6) readonly buffer CellStarts { uint cellStarts[]; };
layout(std430, binding = 7) readonly buffer CellCounts { uint cellCounts[]; };
layout(std430, binding = 8) readonly buffer SortedGrains { uint sortedGrains[]; };

// The grains near `p` as nine ranges of sortedGrains: one per row of three cells along x,
// which lie together in the sorted order. Rows outside the grid are empty.
void nearbyRanges(vec3 p, out uvec2 ranges[9]) {
    ivec3 home = gridCell(p);
    int low = max(home.x - 1, 0), high = min(home.x + 1, gridSize.x - 1);
    for (int row = 0; row < 9; ++row) {
        ivec2 yz = home.yz + ivec2(row % 3 - 1, row / 3 - 1);
        ranges[row] = uvec2(0u);
        if (any(lessThan(yz, ivec2(0))) || any(greaterThanEqual(yz, gridSize.yz))) continue;
        uint last = gridIndex(ivec3(high, yz));
        ranges[row] = uvec2(cellStarts[gridIndex(ivec3(low, yz))], cellStarts[last] + cellCounts[last]);
    }
}
