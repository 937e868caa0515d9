// The group counts of the sort's dispatches (ContactListing), which run indirectly: a grain
// that has moved far since the lists were built copies the template into the next substep's
// slot, so the sort runs then; otherwise the counts stay 0 and its dispatches do nothing.
// Words: a slot of relistStages (x, 1, 1) triples per substep parity, then the template; the
// slots' places come in SolveParameterBlock.
layout(std430, binding = BUFFER_RELIST_ARGS) buffer RelistArgs { uint relistArgs[]; };

void armRelist() {
    for (uint stage = 0u; stage < relistStages; ++stage) {
        relistArgs[armedSlot + 3u * stage] = relistArgs[templateSlot + 3u * stage];
    }
}

void disarmSpent() {
    for (uint stage = 0u; stage < relistStages; ++stage) relistArgs[spentSlot + 3u * stage] = 0u;
}
