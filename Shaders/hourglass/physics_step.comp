#version 430 core
// The contact solve of a substep for the blocks of one colour, position-based (Macklin et al.
// 2014) and sequential like the CPU engine's (Gauss–Seidel): each pair of touching grains is
// resolved once, half of the overlap and of the sliding (Coulomb friction) to each side, or
// all of it to the awake side against a sleeper, and both grains are moved at once. The grid
// is split into blocks of 2×2×2 cells and the blocks into eight colours by the parity of
// their coordinates; one invocation resolves, one after another, every pair that has a grain
// in its block, so it moves grains in its block and the cells around it only. Two blocks of a
// colour are a block apart, so those cells never meet: the colours run one after another and
// each sees the grains as the earlier ones left them (Bullet's spatial batches; Box2D v3
// colours its constraint graph for the same reason). grain_finish.comp then keeps each grain
// in the glass and takes its velocity.
#include "particle.glsl"
#include "grid.glsl"
#include "neighbours.glsl"
#include "glass.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;

// The substep's starting state (where each grain began) and, read and written in place, the
// grains as grain_predict.comp and the earlier colours left them.
layout(std430, binding = 0) readonly buffer ParticlesStart { Particle particlesStart[]; };
layout(std430, binding = 1) buffer Particles { Particle particles[]; };
layout(std430, binding = 10) buffer Contacts { uint contactCounts[]; };

uniform uint colour;
uniform bool sleepEnabled;

bool asleep(uint id) {
    return sleepEnabled && particles[id].velocitySleep.w >= LIGHT_SLEEP_COUNTER;
}

void resolvePair(uint i, uint j) {
    vec4 a = particles[i].positionRadius, b = particles[j].positionRadius;
    vec3 delta = a.xyz - b.xyz;
    float touching = a.w + b.w;
    float d2 = dot(delta, delta);
    if (d2 >= touching * touching || d2 < 1e-12) return;
    bool stillA = asleep(i), stillB = asleep(j);
    if (stillA && stillB) return;
    float shareA = stillB ? 1.0 : (stillA ? 0.0 : CONTACT_SHARE);
    float d = sqrt(d2);
    vec3 n = delta / d;
    float depth = touching - d;
    vec3 pa = a.xyz + n * (depth * shareA);
    vec3 pb = b.xyz - n * (depth * (1.0 - shareA));
    vec3 sliding = (pa - particlesStart[i].positionRadius.xyz) - (pb - particlesStart[j].positionRadius.xyz);
    vec3 slide = frictionCorrection(sliding, n, depth, STATIC_FRICTION, KINETIC_FRICTION);
    pa -= slide * shareA;
    pb += slide * (1.0 - shareA);
    // A push may not leave either grain in the glass: in the neck, two grains side by side
    // must part along it, not be put back on top of each other by the wall afterwards.
    vec3 wallNormal;
    float wallDepth;
    if (!stillA) projectInside(pa, a.w, wallNormal, wallDepth);
    if (!stillB) projectInside(pb, b.w, wallNormal, wallDepth);
    particles[i].positionRadius.xyz = pa;
    particles[j].positionRadius.xyz = pb;
    contactCounts[i] += 1u;
    contactCounts[j] += 1u;
}

void main() {
    ivec3 parity = ivec3(colour & 1u, (colour >> 1) & 1u, (colour >> 2) & 1u);
    ivec3 span = ((gridSize + 1) / 2 - parity + 1) / 2;
    uint index = gl_GlobalInvocationID.x;
    if (index >= uint(span.x * span.y * span.z)) return;
    ivec3 block = parity + 2 * ivec3(index % uint(span.x), (index / uint(span.x)) % uint(span.y), index / uint(span.x * span.y));
    for (int corner = 0; corner < 8; ++corner) {
        ivec3 cell = 2 * block + ivec3(corner & 1, (corner >> 1) & 1, corner >> 2);
        if (any(greaterThanEqual(cell, gridSize))) continue;
        uint home = gridIndex(cell);
        uint first = cellStarts[home], end = first + cellCounts[home];
        for (uint slot = first; slot < end; ++slot) {
            uint i = sortedGrains[slot];
            // Each pair once: with the later grains of this cell and the grains of the
            // neighbouring cells that come after it in the grid's order.
            for (int offset = 0; offset < 27; ++offset) {
                ivec3 other = cell + ivec3(offset % 3 - 1, (offset / 3) % 3 - 1, offset / 9 - 1);
                if (any(lessThan(other, ivec3(0))) || any(greaterThanEqual(other, gridSize))) continue;
                uint otherIndex = gridIndex(other);
                if (otherIndex < home) continue;
                uint otherFirst = otherIndex == home ? slot + 1u : cellStarts[otherIndex];
                uint otherEnd = cellStarts[otherIndex] + cellCounts[otherIndex];
                for (uint k = otherFirst; k < otherEnd; ++k) resolvePair(i, sortedGrains[k]);
            }
        }
    }
}
