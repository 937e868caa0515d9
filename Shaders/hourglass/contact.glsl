// What one contact asks of a grain at x (at s when the substep began, radius r) against a
// neighbour at xj (sj, rj): its share of the overlap along the line of centres and of the
// sliding since the substep began (Coulomb friction, removed as a position correction: all of
// it below the static share of the overlap, at most the kinetic share beyond). Each grain takes
// half, but in the chamber below: there the upper grain against gravity takes ½(1 + λ n·up)
// (λ: SUPPORT_LEAN), the lower the rest, as in the CPU engine (ContactSolve; with half each, a
// pile without the old stop flowed flat, docs/PHYSICS.md, "Friction after the pushes").
// Against a sleeper, which does not move, the grain takes all of both. Adds to `push` and
// counts the contact. A neighbour below the grain against gravity (`up`) within the support
// check's reach, touching or not (a pair the first iteration parted exactly still holds the
// grain up), adds its normal to `under`: the grain rests on what is under it where their sum
// lies within the support cone (holdsUp), as a grain in the pocket of three does and one on a
// slope too steep does not.
// Needs glass.glsl for frictionCorrection, holdsUp and inChamberBelow.
void addContact(vec3 x, vec3 s, float r, vec3 xj, vec3 sj, float rj, bool stillJ, inout vec3 push, inout uint contacts, inout vec3 under) {
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
    vec3 slide = frictionCorrection((x - s) - (xj - sj), n, depth, STATIC_FRICTION, KINETIC_FRICTION);
    push += (n * depth - slide) * share;
    contacts += 1u;
}
