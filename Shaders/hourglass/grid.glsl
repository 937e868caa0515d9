// The neighbour grid (SandSim's NeighbourGrid): cells numbered x fastest, positions outside
// the glass counted in the nearest cell.
uniform vec3 gridOrigin;
uniform float gridCellSize;
uniform ivec3 gridSize;

ivec3 gridCell(vec3 p) {
    return clamp(ivec3(floor((p - gridOrigin) / gridCellSize)), ivec3(0), gridSize - 1);
}

uint gridIndex(ivec3 cell) {
    return uint(cell.x + gridSize.x * (cell.y + gridSize.y * cell.z));
}
