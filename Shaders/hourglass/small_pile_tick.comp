#version 430 core
// A small pile's tick in one work group (SmallPileTick): a run of substeps' contact iterations
// in a loop, the grains listed again inside it when one may have come half the skin, then the
// grains back in load order and the count above the neck. A tick is one such dispatch, or a few
// where llvmpipe's cap on a dispatch's loop iterations would cut one short (SmallPileTick). On
// llvmpipe a dispatch and a memory barrier each cost more than a small pile's substep, and a GPU
// idles between launches that small; here the work group's barriers separate the passes instead. The same solve
// (solve_grain.glsl) and listing (neighbour_list.glsl) as a large pile's, on the grains in load
// order, so a pile gets the same contacts in the same order on either path. What the passes
// share goes through coherent images: llvmpipe loads a texel for each of eight invocations at
// once, where it loads storage at differing indices one invocation at a time.
// tickGrains (vec4s): the substep's start and end in turn (two of 2N: position and radius,
// velocity and sleep counter), the iterations' positions in turn (two of N), where each grain
// was listed (N). tickWords: the sorts so far, whether the next substep must list again and the
// substeps the last dispatch finished, then the cells' counts and starts (one more than cells each), each grain's place in its cell,
// the grains in cell order, and the contact lists as contact_layout.glsl lays them out;
// tickMemory what each contact remembers, as contact_layout.glsl lays it out.
#include "particle.glsl"
#include "solve_parameters.glsl"
#include "grid.glsl"
#include "glass.glsl"
#include "contact.glsl"

layout(local_size_x = TICK_GROUP_SIZE) in;

#include "group_scan.glsl"
#include "contact_layout.glsl"
layout(std430, binding = BUFFER_PARTICLES) coherent buffer Particles { Particle particles[]; };
layout(binding = IMAGE_TICK_GRAINS, rgba32f) coherent uniform imageBuffer tickGrains;
layout(binding = IMAGE_TICK_WORDS, r32ui) coherent uniform uimageBuffer tickWords;
layout(std430, binding = BUFFER_UPPER_COUNTS) writeonly buffer UpperCounts { uint upperCounts[]; };
layout(std430, binding = BUFFER_CONTACT_MEMORY) coherent buffer TickMemory { vec4 tickMemory[]; };

#include "dispatch_parameters.glsl"

// Whether a grain moved far enough to list again before the next substep, one flag for each
// parity of the substep that reads it: a substep's last pass arms the other flag while this one
// is cleared (after its first pass, once every invocation has read it), with no barrier of its own.
shared uint relistArmed[2];
#if COMPUTE_ITERATIONS < 2
#error "the flag a substep read is cleared in its second pass"
#endif
shared uint grainsAbove;

// Where this substep and iteration read and write: set by the loop in main.
uint startBase, endBase, iterateInBase, iterateOutBase, armingSlot;

uint cellTotal() { return uint(gridSize.x * gridSize.y * gridSize.z); }
uint countsBase() { return uint(TICK_WORD_CONTROL); }
uint startsBase() { return countsBase() + cellTotal() + 1u; }
uint slotsBase() { return startsBase() + cellTotal() + 1u; }
uint orderBase() { return slotsBase() + grainCount; }
uint listsBase() { return orderBase() + grainCount; }
uint listedBase() { return 6u * grainCount; }

vec4 startPositionRadius(uint k) { return imageLoad(tickGrains, int(startBase + 2u * k)); }
vec4 startVelocitySleep(uint k) { return imageLoad(tickGrains, int(startBase + 2u * k + 1u)); }
vec4 iterateAt(uint k) { return imageLoad(tickGrains, int(iterateInBase + k)); }
void storeIterate(uint k, vec4 value) { imageStore(tickGrains, int(iterateOutBase + k), value); }
vec3 listedPosition(uint k) { return imageLoad(tickGrains, int(listedBase() + k)).xyz; }
uint grainId(uint k) { return k; }
void armRelist() { relistArmed[armingSlot] = 1u; }
uint contactCount(uint k) { return imageLoad(tickWords, int(listsBase() + contactCountWord(k))).x; }
uint contactAt(uint k, uint m) { return imageLoad(tickWords, int(listsBase() + contactSlotWord(k, m, grainCount))).x; }
vec4 memoryAt(uint k, uint m) { return tickMemory[contactMemoryWord(k, m, grainCount)]; }
void storeMemory(uint k, uint m, vec4 value) { tickMemory[contactMemoryWord(k, m, grainCount)] = value; }

void storeEnd(uint k, vec4 positionRadius, vec4 velocitySleep) {
    imageStore(tickGrains, int(endBase + 2u * k), positionRadius);
    imageStore(tickGrains, int(endBase + 2u * k + 1u), velocitySleep);
}

vec4 candidatePositionRadius(uint q) { return startPositionRadius(imageLoad(tickWords, int(orderBase() + q)).x); }
uint candidateId(uint q) { return imageLoad(tickWords, int(orderBase() + q)).x; }
uint candidateEntry(uint q) { return imageLoad(tickWords, int(orderBase() + q)).x; }
uint cellStart(uint cell) { return imageLoad(tickWords, int(startsBase() + cell)).x; }

#include "solve_grain.glsl"
#include "neighbour_list.glsl"

void waitForGroup() {
    memoryBarrierImage();
    memoryBarrierBuffer();
    memoryBarrierShared();
    barrier();
}

// Lists every grain's neighbours from the substep's start: a counting sort by cell (counts,
// their prefix sum, places), then each grain's list from the 27 cells around it, each
// neighbour it listed before keeping what its contact remembers (the lists hold grains in load
// order, so a grain's old list is its own until it writes the new one).
void relist() {
    uint local = gl_LocalInvocationID.x;
    for (uint k = local; k < grainCount; k += gl_WorkGroupSize.x) {
        uint cell = gridIndex(gridCell(startPositionRadius(k).xyz));
        imageStore(tickWords, int(slotsBase() + k), uvec4(imageAtomicAdd(tickWords, int(countsBase() + cell), 1u)));
    }
    waitForGroup();
    // Each invocation scans a run of the counts, and clears them for the next sort.
    uint values = cellTotal() + 1u;
    uint run = (values + gl_WorkGroupSize.x - 1u) / gl_WorkGroupSize.x;
    uint first = min(local * run, values), last = min(first + run, values);
    uint sum = 0u;
    for (uint i = first; i < last; ++i) sum += imageLoad(tickWords, int(countsBase() + i)).x;
    uint total;
    uint running = groupExclusiveScan(sum, total);
    for (uint i = first; i < last; ++i) {
        uint count = imageLoad(tickWords, int(countsBase() + i)).x;
        imageStore(tickWords, int(startsBase() + i), uvec4(running));
        imageStore(tickWords, int(countsBase() + i), uvec4(0u));
        running += count;
    }
    waitForGroup();
    for (uint k = local; k < grainCount; k += gl_WorkGroupSize.x) {
        uint cell = gridIndex(gridCell(startPositionRadius(k).xyz));
        imageStore(tickWords, int(orderBase() + cellStart(cell) + imageLoad(tickWords, int(slotsBase() + k)).x), uvec4(k));
    }
    waitForGroup();
    for (uint k = local; k < grainCount; k += gl_WorkGroupSize.x) {
        vec4 self = startPositionRadius(k);
        uint listed = contactCount(k);
        uint before[CONTACT_LIST_SLOTS];
        vec4 remembered[CONTACT_LIST_SLOTS];
        for (uint m = 0u; m < listed; ++m) {
            before[m] = contactAt(k, m);
            remembered[m] = memoryAt(k, m);
        }
        uint entries[CONTACT_LIST_SLOTS];
        uint found = listNeighbours(self, k, listSkin, entries);
        imageStore(tickWords, int(listsBase() + contactCountWord(k)), uvec4(found));
        for (uint m = 0u; m < found; ++m) {
            imageStore(tickWords, int(listsBase() + contactSlotWord(k, m, grainCount)), uvec4(entries[m]));
            vec4 kept = vec4(0.0);
            for (uint o = 0u; o < listed; ++o) {
                if (before[o] == entries[m]) kept = remembered[o];
            }
            storeMemory(k, m, kept);
        }
        imageStore(tickGrains, int(listedBase() + k), self);
    }
    if (local == 0u) imageStore(tickWords, int(TICK_WORD_SORTS), uvec4(imageLoad(tickWords, int(TICK_WORD_SORTS)).x + 1u));
    waitForGroup();
}

// One iteration over every grain this invocation holds.
void solvePass(uint iteration, bool first, bool last, bool firstOfTick) {
    if (iteration == 1u && gl_LocalInvocationID.x == 0u) relistArmed[1u - armingSlot] = 0u;
    iterateInBase = 4u * grainCount + ((iteration + 1u) & 1u) * grainCount;
    iterateOutBase = 4u * grainCount + (iteration & 1u) * grainCount;
    for (uint k = gl_LocalInvocationID.x; k < grainCount; k += gl_WorkGroupSize.x) solveGrain(k, first, last, firstOfTick);
    waitForGroup();
}

void main() {
    uint local = gl_LocalInvocationID.x;
    for (uint k = local; k < grainCount; k += gl_WorkGroupSize.x) {
        imageStore(tickGrains, int(2u * k), particles[k].positionRadius);
        imageStore(tickGrains, int(2u * k + 1u), particles[k].velocitySleep);
    }
    if (local == 0u) {
        relistArmed[0] = imageLoad(tickWords, int(TICK_WORD_ARMED)).x;
        relistArmed[1] = 0u;
        grainsAbove = 0u;
    }
    waitForGroup();
    uint done = 0u;
    for (uint s = 0u; s < substeps; ++s) {
        startBase = (s & 1u) * 2u * grainCount;
        endBase = ((s + 1u) & 1u) * 2u * grainCount;
        armingSlot = (s + 1u) & 1u;
        // Dynamically uniform: every invocation reads the flag the last substep's passes left.
        if (relistArmed[s & 1u] != 0u) relist();
        bool firstOfTick = s == 0u && tickStarts != 0u;
        solvePass(0u, true, COMPUTE_ITERATIONS == 1, firstOfTick);
        for (uint iteration = 1u; iteration + 1u < uint(COMPUTE_ITERATIONS); ++iteration) solvePass(iteration, false, false, firstOfTick);
        if (COMPUTE_ITERATIONS > 1) solvePass(uint(COMPUTE_ITERATIONS - 1), false, true, firstOfTick);
        done = s + 1u;
    }
    startBase = (done & 1u) * 2u * grainCount;
    uint above = 0u;
    for (uint k = local; k < grainCount; k += gl_WorkGroupSize.x) {
        Particle grain = Particle(startPositionRadius(k), startVelocitySleep(k));
        particles[k] = grain;
        if (grain.positionRadius.y > 0.0) above += 1u;
    }
    atomicAdd(grainsAbove, above);
    waitForGroup();
    if (local == 0u) {
        upperCounts[upperSlot] = grainsAbove;
        imageStore(tickWords, int(TICK_WORD_ARMED), uvec4(relistArmed[done & 1u]));
        imageStore(tickWords, int(TICK_WORD_DONE), uvec4(done));
    }
}
