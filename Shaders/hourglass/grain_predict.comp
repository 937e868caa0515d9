#version 430 core
// The first pass of a substep, one invocation per grain: decide whether the grain sleeps, and
// if it is awake, predict where its velocity and gravity take it. physics_step.comp then
// resolves the contacts between these predictions and grain_finish.comp takes the velocities.
// Reads the substep's starting state and writes the prediction to the other buffer of the
// ping-pong pair with the sleep counter (at or above LIGHT_SLEEP_COUNTER: the grain stays put
// this substep), and clears the grain's contact count.
#include "particle.glsl"
#include "grid.glsl"
#include "neighbours.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;

layout(std430, binding = 0) readonly buffer ParticlesIn { Particle particlesIn[]; };
layout(std430, binding = 1) writeonly buffer ParticlesOut { Particle particlesOut[]; };
layout(std430, binding = 10) writeonly buffer Contacts { uint contactCounts[]; };

uniform uint grainCount;
uniform vec3 gravity;           // container frame, already turned by the container angle
uniform float speedScale;       // on every speed threshold: sqrt(g / g_ref)
uniform float subDt;
uniform float floorY;
uniform uint frameIndex;
uniform bool firstSubstep;
uniform bool sleepEnabled;      // false while the container turns: everything tumbles

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

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= grainCount) return;
    Particle self = particlesIn[id];
    vec3 p = self.positionRadius.xyz;
    float r = self.positionRadius.w;
    vec3 v = self.velocitySleep.xyz;
    float sleep = sleepEnabled ? self.velocitySleep.w : 0.0;
    contactCounts[id] = 0u;

    if (sleep > DEEP_SLEEP_COUNTER) {
        // Deep sleep: no work, but every SUPPORT_CHECK_INTERVAL frames (staggered by id so only
        // a fraction checks each frame) make sure something still holds the grain up.
        bool due = firstSubstep && (frameIndex + id) % uint(SUPPORT_CHECK_INTERVAL) == 0u;
        if (!due || hasSupport(id, p, r)) {
            particlesOut[id] = Particle(vec4(p, r), vec4(0.0, 0.0, 0.0, min(sleep + 1.0, SLEEP_COUNTER_CAP)));
            return;
        }
        sleep = 0.0;
    } else if (sleep >= LIGHT_SLEEP_COUNTER) {
        // Light sleep wakes only for an approaching neighbour; losing contact is left to the
        // deep-sleep check (waking on it made grains flicker through the glass).
        if (!neighbourApproaching(id, p, r)) {
            particlesOut[id] = Particle(vec4(p, r), vec4(0.0, 0.0, 0.0, sleep + 1.0));
            return;
        }
        sleep = 0.0;
    }
    v += gravity * subDt;
    particlesOut[id] = Particle(vec4(p + v * subDt, r), vec4(v, sleep));
}
