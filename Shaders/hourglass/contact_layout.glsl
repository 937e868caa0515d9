// Where grain k's contact list lies among the lists' words (n grains): its count at k, then
// slot m at n + m·n + k, and what the slot remembers, so neighbouring invocations read neighbouring words, few memory
// transactions for a GPU's warp (FleX's NvFlex.h lays its neighbours out so). Written by
// contact_list.comp and small_pile_tick.comp, read through contact_list.glsl and the small
// tick's own accessors.
uint contactCountWord(uint k) {
    return k;
}

uint contactSlotWord(uint k, uint m, uint n) {
    return n * (m + 1u) + k;
}

// What grain k's slot m remembers (contact.glsl's rememberedContact), a vec4 at m·n + k.
uint contactMemoryWord(uint k, uint m, uint n) {
    return n * m + k;
}
