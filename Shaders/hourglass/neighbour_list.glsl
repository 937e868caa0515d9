// A grain's neighbours for its contact list: every grain whose gap to it is under the skin, from
// the 27 cells around it (a cell is as wide as that reach), nearest first, ties by grain, so the
// list, and so the sum of a grain's contacts, is the same however the cells' grains were
// ordered. Past CONTACT_LIST_SLOTS the farthest are left out. Shared by the sort of a large pile
// (contact_list.comp) and a small pile's tick (tick_small.comp). The includer names the grains
// in cell order: candidatePositionRadius(q) and candidateId(q) (its grain in load order) for
// the q-th, candidateEntry(q) for what its list stores, and cellStart(cell) for where a cell's
// grains begin (the cell after the last begins at the end). Needs grid.glsl.
// The neighbours are listed as found and then sorted by a network (SortingNetwork:
// CONTACT_LIST_NETWORK): every place it touches is a constant, where an insertion indexes the
// list by a place that differs from grain to grain, which llvmpipe does one invocation at a
// time (a small pile's tick 0.2 ms faster, docs/BENCHMARKS.md).

// Puts the neighbour `entry` (grain `id`, `gap` away) in its place among the `found` nearest so
// far, the farther ones moved up a place; past CONTACT_LIST_SLOTS the farthest drops out.
void insertNearest(uint entry, uint id, float gap, inout uint found, inout uint entries[CONTACT_LIST_SLOTS], inout uint ids[CONTACT_LIST_SLOTS], inout float gaps[CONTACT_LIST_SLOTS]) {
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
        entries[slot] = entry;
        ids[slot] = id;
        gaps[slot] = gap;
        found = min(found + 1u, uint(CONTACT_LIST_SLOTS));
    }
}

// Visits the grains within the skin: `nearest` (a constant at each call) inserts each in order
// of distance, else each is added at the end while there is room. Returns how many were found
// (with `nearest`, at most CONTACT_LIST_SLOTS).
uint visitNeighbours(vec4 self, uint selfId, float skin, bool nearest, inout uint entries[CONTACT_LIST_SLOTS], inout uint ids[CONTACT_LIST_SLOTS], inout float gaps[CONTACT_LIST_SLOTS]) {
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
            if (nearest) {
                insertNearest(candidateEntry(q), id, gap, found, entries, ids, gaps);
            } else {
                uint entry = candidateEntry(q);
                for (uint i = 0u; i < uint(CONTACT_LIST_SLOTS); ++i) {
                    if (i == found) {
                        entries[i] = entry;
                        ids[i] = id;
                        gaps[i] = gap;
                    }
                }
                found += 1u;
            }
        }
    }
    return found;
}

uint listNeighbours(vec4 self, uint selfId, float skin, out uint entries[CONTACT_LIST_SLOTS]) {
    uint ids[CONTACT_LIST_SLOTS];
    float gaps[CONTACT_LIST_SLOTS];
    // Places not filled sort after every neighbour.
    for (uint i = 0u; i < uint(CONTACT_LIST_SLOTS); ++i) {
        entries[i] = 0u;
        ids[i] = 0xFFFFFFFFu;
        gaps[i] = 3.0e38;
    }
    uint found = visitNeighbours(self, selfId, skin, false, entries, ids, gaps);
    // More neighbours than places: the nearest, visited again and inserted in order. A loop
    // rather than an if, as llvmpipe runs all of an if's code whatever its condition, but a
    // loop that no invocation enters only once through.
    for (uint over = found > uint(CONTACT_LIST_SLOTS) ? 1u : 0u; over > 0u; --over) {
        found = visitNeighbours(self, selfId, skin, true, entries, ids, gaps);
    }
#define LIST_EXCHANGE(low, high) { \
        bool swap = gaps[high] < gaps[low] || (gaps[high] == gaps[low] && ids[high] < ids[low]); \
        uint entry = entries[low], id = ids[low]; \
        float gap = gaps[low]; \
        entries[low] = swap ? entries[high] : entry; ids[low] = swap ? ids[high] : id; gaps[low] = swap ? gaps[high] : gap; \
        entries[high] = swap ? entry : entries[high]; ids[high] = swap ? id : ids[high]; gaps[high] = swap ? gap : gaps[high]; }
    CONTACT_LIST_NETWORK
#undef LIST_EXCHANGE
    return min(found, uint(CONTACT_LIST_SLOTS));
}
