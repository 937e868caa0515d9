// A grain's neighbours for its contact list: every grain whose gap to it is under the skin, from
// the 27 cells around it (a cell is as wide as that reach), nearest first, ties by grain, so the
// list, and so the sum of a grain's contacts, is the same however the cells' grains were
// ordered. Past CONTACT_LIST_SLOTS the farthest are left out. Shared by the sort of a large pile
// (contact_list.comp) and a small pile's tick (tick_small.comp). The includer names the grains
// in cell order: candidatePositionRadius(q) and candidateId(q) (its grain in load order) for
// the q-th, candidateEntry(q) for what its list stores, and cellStart(cell) for where a cell's
// grains begin (the cell after the last begins at the end). Needs grid.glsl.

uint listNeighbours(vec4 self, uint selfId, float skin, out uint entries[CONTACT_LIST_SLOTS]) {
    uint ids[CONTACT_LIST_SLOTS];
    float gaps[CONTACT_LIST_SLOTS];
    uint found = 0u;
    ivec3 home = gridCell(self.xyz);
    int low = max(home.x - 1, 0), high = min(home.x + 1, gridSize.x - 1);
    for (int row = 0; row < 9; ++row) {
        ivec2 yz = home.yz + ivec2(row % 3 - 1, row / 3 - 1);
        if (any(lessThan(yz, ivec2(0))) || any(greaterThanEqual(yz, gridSize.yz))) continue;
        // The three cells of a row along x lie together in the sorted order.
        uint end = cellStart(gridIndex(ivec3(high, yz)) + 1u);
        for (uint q = cellStart(gridIndex(ivec3(low, yz))); q < end; ++q) {
            uint id = candidateId(q);
            if (id == selfId) continue;
            vec4 other = candidatePositionRadius(q);
            float gap = distance(self.xyz, other.xyz) - self.w - other.w;
            if (gap >= skin) continue;
            uint slot = min(found, uint(CONTACT_LIST_SLOTS));
            while (slot > 0u && (gap < gaps[slot - 1u] || (gap == gaps[slot - 1u] && id < ids[slot - 1u]))) {
                if (slot < uint(CONTACT_LIST_SLOTS)) {
                    entries[slot] = entries[slot - 1u];
                    ids[slot] = ids[slot - 1u];
                    gaps[slot] = gaps[slot - 1u];
                }
                slot -= 1u;
            }
            if (slot < uint(CONTACT_LIST_SLOTS)) {
                entries[slot] = candidateEntry(q);
                ids[slot] = id;
                gaps[slot] = gap;
                found = min(found + 1u, uint(CONTACT_LIST_SLOTS));
            }
        }
    }
    return found;
}
