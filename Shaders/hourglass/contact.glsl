// What one contact asks of a grain at x (at s when the substep began, radius r) against a
// neighbour at xj (sj, rj): its share of the overlap along the line of centres and of the
// sliding, Coulomb friction removed as a position correction: all of it below the static share
// of the overlap, at most the kinetic share beyond. The sliding is measured from where the
// pair stood when it came to rest against each other (`memory`, rememberedContact), or from
// the substep's start for a pair that touches anew, so a small slip is taken back in the
// substeps after rather than ratcheted downhill; in the chamber below, a pair that rested the
// substep before has REST_FRICTION, static and kinetic, as on the CPU (ContactSolve). Each
// grain takes half, but in the chamber below: there the upper grain against gravity takes
// ½(1 + λ n·up) (λ: SUPPORT_LEAN), the lower the rest, as in the CPU engine (ContactSolve; with
// half each, a pile without the old stop flowed flat, docs/PHYSICS.md, "Friction after the
// pushes"). Against a sleeper, which does not move, the grain takes all of both. Adds to `push`
// and counts the contact. A neighbour below the grain against gravity (`up`) within the support
// check's reach, touching or not (a pair the first iteration parted exactly still holds the
// grain up), adds its normal to `under`: the grain rests on what is under it where their sum
// lies within the support cone (holdsUp), as a grain in the pocket of three does and one on a
// slope too steep does not.
// Needs glass.glsl for frictionCorrection, holdsUp and inChamberBelow.

// The pair's sliding: from its anchor where it has one, else since the substep began.
vec3 pairSliding(vec3 x, vec3 s, vec3 xj, vec3 sj, vec4 memory) {
    return memory.w != 0.0 ? (x - xj) - memory.xyz : (x - s) - (xj - sj);
}

// The kinetic friction of a pair: REST_FRICTION where it rested the substep before in the
// chamber below.
float pairKineticFriction(vec3 x, vec3 xj, vec4 memory) {
    return memory.w > 0.0 && inChamberBelow(0.5 * (x.y + xj.y)) ? REST_FRICTION : KINETIC_FRICTION;
}

void addContact(vec3 x, vec3 s, float r, vec3 xj, vec3 sj, float rj, bool stillJ, vec4 memory, inout vec3 push, inout uint contacts, inout vec3 under) {
    vec3 delta = x - xj;
    float touching = r + rj;
    float d2 = dot(delta, delta);
    float reach = touching * SUPPORT_DISTANCE_FACTOR;
    if (d2 < reach * reach && d2 > 1e-12 && dot(delta, up) > 0.0) under += delta / sqrt(d2);
    if (d2 >= touching * touching || d2 < 1e-12) return;
    float d = sqrt(d2);
    vec3 n = delta / d;
    float depth = touching - d;
    float share = stillJ ? 1.0 : inChamberBelow(0.5 * (x.y + xj.y)) ? 0.5 + 0.5 * SUPPORT_LEAN * dot(n, up) : 0.5;
    float kinetic = pairKineticFriction(x, xj, memory);
    vec3 slide = frictionCorrection(pairSliding(x, s, xj, sj, memory), n, depth, max(STATIC_FRICTION, kinetic), kinetic);
    push += (n * depth - slide) * share;
    contacts += 1u;
}

// What a pair remembers into the next substep, from where the substep left the grain (x) and
// its neighbour (xj): in xyz where the grain stands from the neighbour when at rest against it
// (its anchor), kept while friction holds and dragged along to the static share of the overlap
// where the pair slid past it; in w 1 where it slid less than REST_SPEED, -1 where more;
// nothing where the grains no longer touch, nor in the neck, where anchors held an arch over a
// long timer's narrow neck (as the CPU engine's totals did, ContactSolve). Both grains keep
// their own, each from where the other stood an iteration
// before (ContactMemory keeps the CPU engine's totals; the Jacobi solve, moving each grain by
// the average of its contacts, has no totals to keep).
vec4 rememberedContact(vec3 x, vec3 s, float r, vec3 xj, vec3 sj, float rj, vec4 memory) {
    vec3 delta = x - xj;
    float d2 = dot(delta, delta), touching = r + rj;
    if (d2 >= touching * touching || d2 < 1e-12 || abs(0.5 * (x.y + xj.y)) < NECK_HALF_HEIGHT) return vec4(0.0);
    float d = sqrt(d2);
    vec3 n = delta / d;
    vec3 sliding = pairSliding(x, s, xj, sj, memory);
    vec3 tangential = sliding - n * dot(sliding, n);
    float bound = max(STATIC_FRICTION, pairKineticFriction(x, xj, memory)) * (touching - d);
    float len = length(tangential);
    if (len <= bound) return vec4(memory.w != 0.0 ? memory.xyz : delta - tangential, 1.0);
    return vec4(delta - tangential * (bound / len), len - bound < REST_SPEED * speedScale * subDt ? 1.0 : -1.0);
}
