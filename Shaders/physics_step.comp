#version 430 core
// One substep for one grain: the original's physicsStep kernel. Every invocation reads the
// whole pile from the previous substep's buffer and writes only its own grain to the other
// buffer (ping-pong), so no grain ever sees a half-written neighbour. Each side of a contact
// is resolved independently from the same stale snapshot, hence the quarter shares, and
// hence the chamber-asymmetric rules (seed 001, "The GPU settling problem"): below the neck
// grains settle hard and may sleep, above it gravity must win so the pile drains.
#include "particle.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;

layout(std430, binding = 0) readonly buffer ParticlesIn { Particle particlesIn[]; };
layout(std430, binding = 1) writeonly buffer ParticlesOut { Particle particlesOut[]; };
layout(std430, binding = 2) readonly buffer Profile { float profileRadii[]; };

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

void store(uint id, vec3 p, float r, vec3 v, float sleep) {
    particlesOut[id] = Particle(vec4(p, r), vec4(v, sleep));
}

// Deep sleep's support check: the floor, or a grain below within 1.05 x touching distance.
bool hasSupport(uint id, vec3 p, float r) {
    if (p.y - r <= floorY + 1e-4) return true;
    for (uint j = 0u; j < grainCount; ++j) {
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
    for (uint j = 0u; j < grainCount; ++j) {
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

// Radial wall against the inner profile, then floor and ceiling. Returns true on floor/ceiling.
bool collideGlass(inout vec3 p, inout vec3 v, float r) {
    float radial = length(p.xz);
    float limit = max(innerRadiusAt(p.y) - r, 0.0);
    if (radial > limit && radial > 1e-7) {
        vec3 n = vec3(p.x / radial, 0.0, p.z / radial);
        p.xz = n.xz * limit;
        float outward = dot(v, n);
        vec3 tangential = v - n * outward;
        if (outward > 0.0) outward = -outward * WALL_RESTITUTION;
        v = n * outward + tangential * (1.0 - WALL_FRICTION);
    }
    float low = floorY + r, high = -floorY - r;
    bool touching = true;
    if (p.y <= low) {
        p.y = low;
        if (v.y < 0.0) v.y = -v.y * FLOOR_RESTITUTION;
    } else if (p.y >= high) {
        p.y = high;
        if (v.y > 0.0) v.y = -v.y * FLOOR_RESTITUTION;
    } else {
        touching = false;
    }
    if (touching && abs(v.y) < gravityMagnitude * subDt * RESTING_CONTACT_FACTOR) v.y = 0.0;
    return touching;
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

    v += gravity * subDt;
    p += v * subDt;

    bool lowerChamber = p.y < 0.0;
    uint contacts = 0u;
    for (uint j = 0u; j < grainCount; ++j) {
        if (j == id) continue;
        Particle other = particlesIn[j];
        vec3 delta = p - other.positionRadius.xyz;
        float touching = r + other.positionRadius.w;
        float d2 = dot(delta, delta);
        if (d2 >= touching * touching || d2 < 1e-12) continue;
        float d = sqrt(d2);
        vec3 n = delta / d;
        contacts++;
        p += n * ((touching - d) * GPU_CORRECTION_SHARE);
        // Upper chamber: no impulse, or the parallel impulses cancel gravity and the pile jams.
        if (lowerChamber) {
            float approach = dot(v - other.velocitySleep.xyz, n);
            if (approach < 0.0) v -= n * ((1.0 + GRAIN_RESTITUTION) * approach * GPU_CORRECTION_SHARE);
        }
    }
    bool onFloor = collideGlass(p, v, r);

    if (abs(p.y) < NECK_HALF_HEIGHT) {
        float ramp = 1.0 - abs(p.y) / NECK_HALF_HEIGHT;
        v *= max(0.0, 1.0 - ramp * neckDamping * subDt);
    }

    float flow = pow(FLOW_DAMPING, subDt);
    if (lowerChamber) {
        float settle = pow(SETTLE_DAMPING, subDt);
        v *= settle + (flow - settle) * min(length(v) / (DAMPING_SPEED_SCALE * speedScale), 1.0);
    } else {
        v *= flow;
    }

    // Only a supported grain below the neck may be stopped or fall asleep; a grain in free
    // fall, or one above waiting to drain, must keep every bit of gravity it gathers.
    if (sleepEnabled && lowerChamber && (contacts > 0u || onFloor)) {
        float speed = length(v);
        if (speed < VELOCITY_CUTOFF * speedScale) v = vec3(0.0);
        sleep = speed < SLEEP_SPEED * speedScale ? sleep + 1.0 : 0.0;
    } else {
        sleep = 0.0;
    }
    store(id, p, r, v, sleep);
}
