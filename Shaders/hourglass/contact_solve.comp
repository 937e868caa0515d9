#version 430 core
// One iteration of a substep's contact solve, one invocation per grain (a gather): the grain
// reads its listed neighbours where the previous iteration left them and moves only itself, by
// the average of what its contacts ask, relaxed (Jacobi as in Macklin et al. 2014 §4), so no
// two invocations write one grain and the result does not hang on their order. The first
// iteration predicts every grain from the substep's start on the fly (velocity and gravity);
// the last one ends the substep: the glass, the velocity from how far the grain moved, the
// neck's friction, the original's damping, sleep, and whether the grains must be sorted again.
// FIRST_ITERATION and LAST_ITERATION (0 or 1, from ComputeEngine) pick the variant: llvmpipe
// runs the code of a branch a uniform rules out, so each role is compiled on its own.
#include "grain_texels.glsl"
#include "solve_parameters.glsl"
#include "contact_list.glsl"
#include "glass.glsl"
#include "contact.glsl"
#include "sleep_checks.glsl"
#include "relist.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;

layout(binding = UNIT_GRAINS) uniform samplerBuffer grains;             // the substep's start
layout(binding = UNIT_ITERATE) uniform samplerBuffer iterateIn;         // w: radius, negative for a sleeper
layout(binding = UNIT_LISTED_AT) uniform samplerBuffer listedAt;        // where each grain was at the sort
layout(binding = UNIT_IDS) uniform usamplerBuffer grainIds;             // each place's grain, in load order
layout(binding = IMAGE_ITERATE, rgba32f) uniform writeonly imageBuffer iterateOut;
layout(binding = IMAGE_GRAINS, rgba32f) uniform writeonly imageBuffer grainsOut;

vec3 predicted(vec3 p, vec3 v) {
    return p + (v + gravity * subDt) * subDt;
}

// A sleeper stays where it is; its counter grows, or drops to 0 when it wakes, and it moves
// from the next substep on. Deep sleepers check their support every SUPPORT_CHECK_INTERVAL
// frames, staggered by grain so only a fraction checks each frame; light sleepers wake only
// for an approaching neighbour (waking on lost contact made grains flicker through the glass).
void endSleeperSubstep(uint k, vec4 start, float sleep) {
    if (sleep > DEEP_SLEEP_COUNTER) {
        uint id = texelFetch(grainIds, int(k)).x;
        bool due = firstSubstep != 0u && (frameIndex + id) % uint(SUPPORT_CHECK_INTERVAL) == 0u;
        sleep = !due || hasSupport(grains, k, start) ? min(sleep + 1.0, SLEEP_COUNTER_CAP) : 0.0;
    } else {
        sleep = neighbourApproaching(grains, k, start, speedScale) ? 0.0 : sleep + 1.0;
    }
    imageStore(grainsOut, int(2u * k), start);
    imageStore(grainsOut, int(2u * k + 1u), vec4(0.0, 0.0, 0.0, sleep));
}

void endSubstep(uint k, vec3 p, vec4 start, float sleep, vec3 under) {
    under += collideGlass(p, start.xyz, start.w);
    vec3 v = (p - start.xyz) / subDt;
    if (abs(p.y) < NECK_HALF_HEIGHT) {
        float ramp = 1.0 - abs(p.y) / NECK_HALF_HEIGHT;
        v *= max(0.0, 1.0 - ramp * neckDamping * subDt);
    }
    v *= settleDamping + (flowDamping - settleDamping) * min(length(v) / (DAMPING_SPEED_SCALE * speedScale), 1.0);

    // Only a grain below the neck (against the gravity of the moment) with something under it
    // may be stopped or fall asleep; a grain in free fall, one on a cap or grain that does not
    // hold it up, or one above waiting to drain, must keep every bit of gravity it gathers.
    // Nothing sleeps in the neck itself: the neck's friction slows the stream there, and a
    // sleeper, which its neighbours cannot move, would plug it. The stop holds at all times
    // (SubstepRules.stopsResting): without it a pile's flanks go on creeping flatter after the
    // pour. Sleep only while the timer does not run.
    bool resting = p.y * up.y < -NECK_HALF_HEIGHT * abs(up.y) && holdsUp(under, length(under));
    float speed = length(v);
    if (resting && speed < VELOCITY_CUTOFF * speedScale) v = vec3(0.0);
    sleep = sleepEnabled != 0u && resting && speed < SLEEP_SPEED * speedScale ? sleep + 1.0 : 0.0;
    imageStore(grainsOut, int(2u * k), vec4(p, start.w));
    imageStore(grainsOut, int(2u * k + 1u), vec4(v, sleep));
    if (distance(p, texelFetch(listedAt, int(k)).xyz) + distance(p, start.xyz) >= relistDistance) armRelist();
}

void main() {
    uint k = gl_GlobalInvocationID.x;
    if (k >= grainCount) return;
#if LAST_ITERATION
    if (k == 0u) disarmSpent();
#endif
    vec4 start = positionRadiusAt(grains, k);
    vec4 motion = velocitySleepAt(grains, k);
    float r = start.w;
    if (sleepEnabled != 0u && motion.w >= LIGHT_SLEEP_COUNTER) {
#if LAST_ITERATION
        endSleeperSubstep(k, start, motion.w);
#else
        imageStore(iterateOut, int(k), vec4(start.xyz, -r));
#endif
        return;
    }
#if FIRST_ITERATION
    vec3 x = predicted(start.xyz, motion.xyz);
#else
    vec3 x = texelFetch(iterateIn, int(k)).xyz;
#endif
    vec3 push = vec3(0.0);
    uint contacts = 0u;
    vec3 under = vec3(0.0);
    uint count = contactCount(k);
    for (uint m = 0u; m < count; ++m) {
        uint j = contactAt(k, m);
        vec4 other = positionRadiusAt(grains, j);
#if FIRST_ITERATION
        vec4 otherMotion = velocitySleepAt(grains, j);
        bool stillJ = sleepEnabled != 0u && otherMotion.w >= LIGHT_SLEEP_COUNTER;
        vec3 xj = stillJ ? other.xyz : predicted(other.xyz, otherMotion.xyz);
#else
        vec4 previous = texelFetch(iterateIn, int(j));
        bool stillJ = previous.w < 0.0;
        vec3 xj = previous.xyz;
#endif
        addContact(x, start.xyz, r, xj, other.xyz, other.w, stillJ, push, contacts, under);
    }
    x += push * (CONTACT_RELAXATION / float(max(contacts, 1u)));
#if LAST_ITERATION
    endSubstep(k, x, start, motion.w, under);
#else
    // A push may not leave the grain in the glass: in the neck, two grains side by side must
    // part along it, not be put back on top of each other by the wall afterwards (the last
    // iteration's end keeps it inside as well).
    vec3 wallNormal;
    float wallDepth;
    projectInside(x, r, wallNormal, wallDepth);
    imageStore(iterateOut, int(k), vec4(x, r));
#endif
}
