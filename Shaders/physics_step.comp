#version 430 core
// One substep for one grain, position-based (Macklin et al. 2014) and solved as a Jacobi step:
// every invocation reads its neighbours from the previous substep's buffer and writes only its
// own grain to the other buffer (ping-pong), so no grain ever sees a half-written neighbour.
// Each grain predicts where it and each neighbour would go this substep, resolves every overlap
// between those predictions (half to each side; all of it against a sleeping neighbour, which
// will not move) and the sliding at each contact (Coulomb friction), sums what its contacts ask,
// keeps inside the glass, and takes its velocity from how far it moved. Both sides of a contact
// compute the same correction from the same data, so the pair is resolved consistently.
// Neighbours come from the grid sort that ran just before (grid_count, prefix_sum,
// grid_scatter): only the 27 cells around a grain can hold a grain within its reach.
#include "particle.glsl"
#include "grid.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;

layout(std430, binding = 0) readonly buffer ParticlesIn { Particle particlesIn[]; };
layout(std430, binding = 1) writeonly buffer ParticlesOut { Particle particlesOut[]; };
layout(std430, binding = 2) readonly buffer Profile { float profileRadii[]; };
layout(std430, binding = 6) readonly buffer CellStarts { uint cellStarts[]; };
layout(std430, binding = 7) readonly buffer CellCounts { uint cellCounts[]; };
layout(std430, binding = 8) readonly buffer SortedGrains { uint sortedGrains[]; };

uniform uint grainCount;
uniform vec3 gravity;           // container frame, already turned by the container angle
uniform float gravityMagnitude;
uniform float speedScale;       // on every speed threshold: sqrt(g / g_ref)
uniform float subDt;
uniform float neckDamping;
uniform float profileMinY;
uniform float profileSpacing;
uniform float floorY;           // lowest centre height + radius; the ceiling mirrors it
uniform uint frameIndex;
uniform bool firstSubstep;
uniform bool sleepEnabled;      // false while the container turns: everything tumbles

float innerRadiusAt(float y) {
    float u = clamp((y - profileMinY) / profileSpacing, 0.0, float(PROFILE_TABLE_SIZE - 1));
    uint i = min(uint(u), uint(PROFILE_TABLE_SIZE - 2));
    return mix(profileRadii[i], profileRadii[i + 1u], u - float(i));
}

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

void store(uint id, vec3 p, float r, vec3 v, float sleep) {
    particlesOut[id] = Particle(vec4(p, r), vec4(v, sleep));
}

// Deep sleep's support check: the floor, or a grain below within 1.05 x touching distance.
bool hasSupport(uint id, vec3 p, float r) {
    if (p.y - r <= floorY + 1e-4) return true;
    uvec2 ranges[9];
    nearbyRanges(p, ranges);
    for (int row = 0; row < 9; ++row) for (uint k = ranges[row].x; k < ranges[row].y; ++k) {
        uint j = sortedGrains[k];
        if (j == id) continue;
        vec4 other = particlesIn[j].positionRadius;
        vec3 delta = p - other.xyz;
        float reach = (r + other.w) * SUPPORT_DISTANCE_FACTOR;
        if (other.y < p.y && dot(delta, delta) < reach * reach) return true;
    }
    return false;
}

// Light sleep's wake check: a grain that is awake and closing in fast.
bool neighbourApproaching(uint id, vec3 p, float r) {
    uvec2 ranges[9];
    nearbyRanges(p, ranges);
    for (int row = 0; row < 9; ++row) for (uint k = ranges[row].x; k < ranges[row].y; ++k) {
        uint j = sortedGrains[k];
        if (j == id) continue;
        Particle other = particlesIn[j];
        if (other.velocitySleep.w >= LIGHT_SLEEP_COUNTER) continue;
        vec3 delta = p - other.positionRadius.xyz;
        float reach = (r + other.positionRadius.w) * SUPPORT_DISTANCE_FACTOR;
        float d2 = dot(delta, delta);
        if (d2 >= reach * reach || d2 < 1e-12) continue;
        float closing = dot(-other.velocitySleep.xyz, delta / sqrt(d2));
        if (closing < WAKE_APPROACH_SPEED * speedScale) return true;
    }
    return false;
}

// Removes the sliding since `start` at a contact of normal n and overlap `depth`: all of it
// below the static share of the overlap, at most the kinetic share beyond. Friction.swift.
vec3 frictionCorrection(vec3 sliding, vec3 n, float depth, float staticShare, float kineticShare) {
    vec3 tangential = sliding - n * dot(sliding, n);
    float len = length(tangential);
    if (len < 1e-9) return vec3(0.0);
    if (len < staticShare * depth) return tangential;
    return tangential * min(kineticShare * depth / len, 1.0);
}

// Keeps the grain inside the glass: the wall, pushing along its normal (the funnel is sloped,
// so the normal points up or down as well as out), then floor and ceiling, each with the
// glass's friction against the sliding since `start`. GlassCollider.collide on the CPU.
// Returns true on floor or ceiling.
bool collideGlass(inout vec3 p, vec3 start, float r) {
    float radial = length(p.xz);
    float limit = max(innerRadiusAt(p.y) - r, 0.0);
    if (radial > limit && radial > 1e-7) {
        float slope = (innerRadiusAt(p.y + SLOPE_STEP) - innerRadiusAt(p.y - SLOPE_STEP)) / (2.0 * SLOPE_STEP);
        float scale = (radial - limit) / (1.0 + slope * slope);
        vec2 outwardRadial = p.xz / radial;
        p.xz = outwardRadial * max(radial - scale, 0.0);
        p.y += slope * scale;
        float norm = sqrt(1.0 + slope * slope);
        vec3 n = vec3(outwardRadial.x, -slope, outwardRadial.y) / norm;
        p -= frictionCorrection(p - start, n, (radial - limit) / norm, GLASS_STATIC_FRICTION, GLASS_KINETIC_FRICTION);
    }
    float low = floorY + r, high = -floorY - r;
    if (p.y < low) {
        float depth = low - p.y;
        p.y = low;
        p -= frictionCorrection(p - start, vec3(0.0, 1.0, 0.0), depth, GLASS_STATIC_FRICTION, GLASS_KINETIC_FRICTION);
        return true;
    }
    if (p.y > high) {
        float depth = p.y - high;
        p.y = high;
        p -= frictionCorrection(p - start, vec3(0.0, -1.0, 0.0), depth, GLASS_STATIC_FRICTION, GLASS_KINETIC_FRICTION);
        return true;
    }
    return p.y - r <= floorY + 1e-4 || p.y + r >= -floorY - 1e-4;
}

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= grainCount) return;
    Particle self = particlesIn[id];
    vec3 p = self.positionRadius.xyz;
    float r = self.positionRadius.w;
    vec3 v = self.velocitySleep.xyz;
    float sleep = sleepEnabled ? self.velocitySleep.w : 0.0;

    if (sleep > DEEP_SLEEP_COUNTER) {
        // Deep sleep: no work, but every SUPPORT_CHECK_INTERVAL frames (staggered by id so only
        // a fraction checks each frame) make sure something still holds the grain up.
        bool due = firstSubstep && (frameIndex + id) % uint(SUPPORT_CHECK_INTERVAL) == 0u;
        if (!due || hasSupport(id, p, r)) {
            store(id, p, r, vec3(0.0), min(sleep + 1.0, SLEEP_COUNTER_CAP));
            return;
        }
        sleep = 0.0;
    } else if (sleep >= LIGHT_SLEEP_COUNTER) {
        // Light sleep wakes only for an approaching neighbour; losing contact is left to the
        // deep-sleep check (waking on it made grains flicker through the glass).
        if (!neighbourApproaching(id, p, r)) {
            store(id, p, r, vec3(0.0), sleep + 1.0);
            return;
        }
        sleep = 0.0;
    }

    vec3 start = p;
    vec3 predicted = p + (v + gravity * subDt) * subDt;

    uint contacts = 0u;
    uvec2 ranges[9];
    nearbyRanges(p, ranges);
    vec3 correction = vec3(0.0);
    for (int row = 0; row < 9; ++row) for (uint k = ranges[row].x; k < ranges[row].y; ++k) {
        uint j = sortedGrains[k];
        if (j == id) continue;
        Particle other = particlesIn[j];
        bool otherAsleep = sleepEnabled && other.velocitySleep.w >= LIGHT_SLEEP_COUNTER;
        vec3 otherStart = other.positionRadius.xyz;
        vec3 otherPredicted = otherAsleep ? otherStart : otherStart + (other.velocitySleep.xyz + gravity * subDt) * subDt;
        vec3 delta = predicted - otherPredicted;
        float touching = r + other.positionRadius.w;
        float d2 = dot(delta, delta);
        if (d2 >= touching * touching || d2 < 1e-12) continue;
        float d = sqrt(d2);
        vec3 n = delta / d;
        float depth = touching - d;
        float share = otherAsleep ? 1.0 : 0.5;
        contacts++;
        vec3 sliding = (predicted + n * depth * share - start) - (otherPredicted - n * depth * (1.0 - share) - otherStart);
        correction += n * depth * share - frictionCorrection(sliding, n, depth, STATIC_FRICTION, KINETIC_FRICTION) * share;
    }
    // Each contact is resolved as if it were the grain's only one; summed, a grain pressed on
    // every side overshoots, and since its velocity is taken from how far it moved, the pile
    // rings and throws grains up. Averaged over the contacts, over-relaxed (Macklin et al.),
    // it converges.
    p = predicted + correction * (GPU_RELAXATION / float(max(contacts, 1u)));
    bool onFloor = collideGlass(p, start, r);
    v = (p - start) / subDt;

    if (abs(p.y) < NECK_HALF_HEIGHT) {
        float ramp = 1.0 - abs(p.y) / NECK_HALF_HEIGHT;
        v *= max(0.0, 1.0 - ramp * neckDamping * subDt);
    }

    float flow = pow(FLOW_DAMPING, subDt);
    float settle = pow(SETTLE_DAMPING, subDt);
    v *= settle + (flow - settle) * min(length(v) / (DAMPING_SPEED_SCALE * speedScale), 1.0);

    // Only a supported grain below the neck may be stopped or fall asleep; a grain in free
    // fall, or one above waiting to drain, must keep every bit of gravity it gathers. Nothing
    // sleeps in the neck itself: the neck's friction slows the stream there, and a sleeper,
    // which its neighbours cannot move, would plug it.
    if (sleepEnabled && p.y < -NECK_HALF_HEIGHT && (contacts > 0u || onFloor)) {
        float speed = length(v);
        if (speed < VELOCITY_CUTOFF * speedScale) v = vec3(0.0);
        sleep = speed < SLEEP_SPEED * speedScale ? sleep + 1.0 : 0.0;
    } else {
        sleep = 0.0;
    }
    store(id, p, r, v, sleep);
}
