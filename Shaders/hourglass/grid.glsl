// The neighbour grid (SandSim's NeighbourGrid): cells numbered x fastest, positions outside
// the glass counted in the nearest cell.
// Its place and the lists' skin come in one std140 block (ListingBlock in Swift).
layout(std140, binding = UNIFORMS_LISTING) uniform ListingBlock {
    vec3 gridOrigin;
    float gridCellSize;
    ivec3 gridSize;
    float listSkin;          // a grain lists the grains within two radii and this
};

ivec3 gridCell(vec3 p) {
    return clamp(ivec3(floor((p - gridOrigin) / gridCellSize)), ivec3(0), gridSize - 1);
}

uint gridIndex(ivec3 cell) {
    return uint(cell.x + gridSize.x * (cell.y + gridSize.y * cell.z));
}
