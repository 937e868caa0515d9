// The glass as the compute shaders see it: the inner profile from the 256-entry table, the
// wall pushing along its normal, floor and ceiling, and Coulomb friction against each.
// GlassCollider and Friction on the CPU. The table's place and `up` come in SolveParameterBlock.
layout(binding = UNIT_PROFILE) uniform samplerBuffer profileRadii;

// Whether a contact whose normal into the grain is `toward` (of length `len`) holds it up: the
// normal within the support cone of up (sleep's support check and wake).
bool holdsUp(vec3 toward, float len) {
    return dot(toward, up) > SUPPORT_COSINE * len;
}

// Whether height `y` along the glass's axis lies in the chamber below the neck against the
// gravity of the moment (ContactSolve's `belowNeck` on the CPU).
bool inChamberBelow(float y) {
    return y * up.y < -NECK_HALF_HEIGHT * abs(up.y);
}

float innerRadiusAt(float y) {
    float u = clamp((y - profileMinY) / profileSpacing, 0.0, float(PROFILE_TABLE_SIZE - 1));
    uint i = min(uint(u), uint(PROFILE_TABLE_SIZE - 2));
    return mix(texelFetch(profileRadii, int(i)).x, texelFetch(profileRadii, int(i + 1u)).x, u - float(i));
}

// Removes the sliding since the substep began at a contact of normal n and overlap `depth`:
// all of it below the static share of the overlap, at most the kinetic share beyond.
vec3 frictionCorrection(vec3 sliding, vec3 n, float depth, float staticShare, float kineticShare) {
    vec3 tangential = sliding - n * dot(sliding, n);
    float len = length(tangential);
    if (len < 1e-9) return vec3(0.0);
    if (len < staticShare * depth) return tangential;
    return tangential * min(kineticShare * depth / len, 1.0);
}

// Moves a grain that is through the wall back inside, along the wall's normal (the funnel is
// sloped, so the normal points up or down as well as in). Returns false when it was inside;
// otherwise the outward normal and how deep the grain was.
bool projectInside(inout vec3 p, float r, out vec3 n, out float depth) {
    float radial = length(p.xz);
    float limit = max(innerRadiusAt(p.y) - r, 0.0);
    if (radial <= limit || radial <= 1e-7) return false;
    float slope = (innerRadiusAt(p.y + SLOPE_STEP) - innerRadiusAt(p.y - SLOPE_STEP)) / (2.0 * SLOPE_STEP);
    float scale = (radial - limit) / (1.0 + slope * slope);
    vec2 outwardRadial = p.xz / radial;
    p.xz = outwardRadial * max(radial - scale, 0.0);
    p.y += slope * scale;
    float norm = sqrt(1.0 + slope * slope);
    n = vec3(outwardRadial.x, -slope, outwardRadial.y) / norm;
    depth = (radial - limit) / norm;
    return true;
}

// Keeps the grain inside the glass at the end of its solve: the wall, then floor and ceiling,
// each with the glass's friction against the sliding since `start`. Returns the normals into
// the grain of the wall, floor or ceiling it touches that lie under it against gravity, summed,
// to go with the grains' (addContact).
vec3 collideGlass(inout vec3 p, vec3 start, float r) {
    vec3 n;
    float depth;
    vec3 under = vec3(0.0);
    if (projectInside(p, r, n, depth)) {
        p -= frictionCorrection(p - start, n, depth, GLASS_STATIC_FRICTION, GLASS_KINETIC_FRICTION);
        if (dot(-n, up) > 0.0) under -= n;
    }
    float low = floorY + r, high = -floorY - r;
    if (p.y < low) {
        depth = low - p.y;
        p.y = low;
        p -= frictionCorrection(p - start, vec3(0.0, 1.0, 0.0), depth, GLASS_STATIC_FRICTION, GLASS_KINETIC_FRICTION);
    } else if (p.y > high) {
        depth = p.y - high;
        p.y = high;
        p -= frictionCorrection(p - start, vec3(0.0, -1.0, 0.0), depth, GLASS_STATIC_FRICTION, GLASS_KINETIC_FRICTION);
    }
    if (p.y - r <= floorY + 1e-4 && up.y > 0.0) under.y += 1.0;
    if (p.y + r >= -floorY - 1e-4 && up.y < 0.0) under.y -= 1.0;
    return under;
}
