// One grain's part in one iteration of a substep's contact solve (a gather): the grain reads its
// listed neighbours where the previous iteration left them and moves only itself, by the
// average of what its contacts ask, relaxed (Jacobi as in Macklin et al. 2014 §4), so no two
// invocations write one grain and the result does not hang on their order. The first iteration
// predicts every grain from the substep's start on the fly (velocity and gravity); the last one
// ends the substep: the glass, the velocity from how far the grain moved, the neck's friction,
// the original's damping, sleep, and whether the neighbours must be listed again.
// Shared by the solve of a large pile (contact_solve.comp, a dispatch an iteration) and a small
// pile's tick (tick_small.comp, every substep in one work group). Each names where the grains
// are before including this: startPositionRadius, startVelocitySleep (the substep's start),
// iterateAt and storeIterate (one iteration's positions; w the radius, negative for a
// sleeper), storeEnd (the substep's end), listedPosition (where a grain was when listed),
// grainId (its place in load order), armRelist, contactCount and contactAt, and memoryAt and
// storeMemory (what each of a grain's contacts remembers, contact_layout.glsl).
// `first` and `last` are constants at every call: the compiler keeps only their branch, as
// llvmpipe runs the code of a branch a uniform rules out. For the same reason a program may be
// compiled for ticks in which grains may sleep or may not (SLEEPS, true or false); otherwise
// the block's sleepEnabled decides.
// Needs solve_parameters.glsl, glass.glsl and contact.glsl.
#ifndef SLEEPS
#define SLEEPS (sleepEnabled != 0u)
#endif

vec3 predicted(vec3 p, vec3 v) {
    return p + (v + gravity * subDt) * subDt;
}

// The deep sleep's support check: the floor under it, or the grains under it within 1.05 x
// touching distance, their normals summed within the support cone of up (addContact).
bool hasSupport(uint k, vec4 self) {
    if (self.y - self.w <= floorY + 1e-4 && holdsUp(vec3(0.0, 1.0, 0.0), 1.0)) return true;
    vec3 under = vec3(0.0);
    uint count = contactCount(k);
    for (uint m = 0u; m < count; ++m) {
        vec4 other = startPositionRadius(contactAt(k, m));
        vec3 delta = self.xyz - other.xyz;
        float reach = (self.w + other.w) * SUPPORT_DISTANCE_FACTOR;
        float d2 = dot(delta, delta);
        if (d2 < reach * reach && d2 > 1e-12 && dot(delta, up) > 0.0) under += delta / sqrt(d2);
    }
    return holdsUp(under, length(under));
}

// The light sleep's wake check: a grain that is awake and closing in fast.
bool neighbourApproaching(uint k, vec4 self) {
    uint count = contactCount(k);
    for (uint m = 0u; m < count; ++m) {
        uint j = contactAt(k, m);
        vec4 motion = startVelocitySleep(j);
        if (motion.w >= LIGHT_SLEEP_COUNTER) continue;
        vec4 other = startPositionRadius(j);
        vec3 delta = self.xyz - other.xyz;
        float reach = (self.w + other.w) * SUPPORT_DISTANCE_FACTOR;
        float d2 = dot(delta, delta);
        if (d2 >= reach * reach || d2 < 1e-12) continue;
        if (dot(-motion.xyz, delta / sqrt(d2)) < WAKE_APPROACH_SPEED * speedScale) return true;
    }
    return false;
}

// A sleeper stays where it is; its counter grows, or drops to 0 when it wakes, and it moves
// from the next substep on. Deep sleepers check their support every SUPPORT_CHECK_INTERVAL
// frames, staggered by grain so only a fraction checks each frame; light sleepers wake only
// for an approaching neighbour (waking on lost contact made grains flicker through the glass).
void endSleeperSubstep(uint k, vec4 start, float sleep, bool firstOfTick) {
    if (sleep > DEEP_SLEEP_COUNTER) {
        bool due = firstOfTick && (frameIndex + grainId(k)) % uint(SUPPORT_CHECK_INTERVAL) == 0u;
        sleep = !due || hasSupport(k, start) ? min(sleep + 1.0, SLEEP_COUNTER_CAP) : 0.0;
    } else {
        sleep = neighbourApproaching(k, start) ? 0.0 : sleep + 1.0;
    }
    storeEnd(k, start, vec4(0.0, 0.0, 0.0, sleep));
}

// `free`: the velocity the grain would have had without contacts; they may leave it at most
// PUSH_OUT_SPEED faster (SubstepRules.pushOutCapped). Leaves `p` where the grain ends.
void endSubstep(uint k, inout vec3 p, vec4 start, vec3 free, float sleep, vec3 under) {
    under += collideGlass(p, start.xyz, start.w);
    vec3 v = (p - start.xyz) / subDt;
    float speed = length(v), limit = length(free) + PUSH_OUT_SPEED * speedScale;
    if (speed > limit) v *= limit / speed;
    if (abs(p.y) < NECK_HALF_HEIGHT) {
        float ramp = 1.0 - abs(p.y) / NECK_HALF_HEIGHT;
        v *= max(0.0, 1.0 - ramp * neckDamping * subDt);
    }
    v *= settleDamping + (flowDamping - settleDamping) * min(length(v) / (DAMPING_SPEED_SCALE * speedScale), 1.0);

    // Only a grain below the neck (against the gravity of the moment) with something under it
    // may fall asleep; a grain in free fall, one on a cap or grain that does not hold it up, or
    // one above waiting to drain, must keep every bit of gravity it gathers. Nothing sleeps in
    // the neck itself: the neck's friction slows the stream there, and a sleeper, which its
    // neighbours cannot move, would plug it. Sleep only while the timer does not run, to save
    // work: friction holds a pile's slope (contact.glsl), not sleep.
    bool resting = inChamberBelow(p.y) && holdsUp(under, length(under));
    sleep = SLEEPS && resting && length(v) < SLEEP_SPEED * speedScale ? sleep + 1.0 : 0.0;
    storeEnd(k, vec4(p, start.w), vec4(v, sleep));
    // Before a check: whether the grain, at its own speed and what gravity adds, may come the
    // relisting distance before the check after it.
    float ahead = relistLookahead * distance(p, start.xyz) + relistSlack;
    if (relistLookahead > 0.0 && distance(p, listedPosition(k)) + ahead >= relistDistance) armRelist();
}

// Where neighbour j (at `startJ` when the substep began) is for this iteration: predicted in the
// first, where the iteration before left it in the others; `still` where it sleeps.
vec3 neighbourAt(uint j, vec3 startJ, bool first, out bool still) {
    if (first) {
        vec4 motion = startVelocitySleep(j);
        still = SLEEPS && motion.w >= LIGHT_SLEEP_COUNTER;
        return still ? startJ : predicted(startJ, motion.xyz);
    }
    vec4 previous = iterateAt(j);
    still = SLEEPS && previous.w < 0.0;
    return previous.xyz;
}

// Grain k's part in one iteration: the first (`first`) predicts, the last (`last`) ends the
// substep; `firstOfTick`: deep sleepers check their support in the tick's first substep.
void solveGrain(uint k, bool first, bool last, bool firstOfTick) {
    vec4 start = startPositionRadius(k);
    vec4 motion = startVelocitySleep(k);
    float r = start.w;
    if (SLEEPS && motion.w >= LIGHT_SLEEP_COUNTER) {
        if (last) endSleeperSubstep(k, start, motion.w, firstOfTick);
        else storeIterate(k, vec4(start.xyz, -r));
        return;
    }
    vec3 x = first ? predicted(start.xyz, motion.xyz) : iterateAt(k).xyz;
    vec3 push = vec3(0.0);
    uint contacts = 0u;
    vec3 under = vec3(0.0);
    uint count = contactCount(k);
    for (uint m = 0u; m < count; ++m) {
        uint j = contactAt(k, m);
        vec4 other = startPositionRadius(j);
        bool stillJ;
        vec3 xj = neighbourAt(j, other.xyz, first, stillJ);
        addContact(x, start.xyz, r, xj, other.xyz, other.w, stillJ, memoryAt(k, m), push, contacts, under);
    }
    x += push * (CONTACT_RELAXATION / float(max(contacts, 1u)));
    if (last) {
        endSubstep(k, x, start, motion.xyz + gravity * subDt, motion.w, under);
        // Each side of a pair keeps its own memory of it, from the neighbour where the
        // iteration before left it.
        for (uint m = 0u; m < count; ++m) {
            uint j = contactAt(k, m);
            vec4 other = startPositionRadius(j);
            bool stillJ;
            vec3 xj = neighbourAt(j, other.xyz, first, stillJ);
            storeMemory(k, m, rememberedContact(x, start.xyz, r, xj, other.xyz, other.w, memoryAt(k, m)));
        }
    } else {
        // A push may not leave the grain in the glass: in the neck, two grains side by side
        // must part along it, not be put back on top of each other by the wall afterwards (the
        // last iteration's end keeps it inside as well).
        vec3 wallNormal;
        float wallDepth;
        projectInside(x, r, wallNormal, wallDepth);
        storeIterate(k, vec4(x, r));
    }
}
