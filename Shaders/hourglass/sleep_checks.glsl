// The wake checks of a sleeping grain against its listed neighbours, from the substep's start
// state. Needs grain_texels.glsl, contact_list.glsl and the floorY, up and holdsUp of glass.glsl.

// Deep sleep's support check: the floor under it, or the grains under it within 1.05 x
// touching distance, their normals summed within the support cone of up (addContact).
bool hasSupport(samplerBuffer grains, uint k, vec4 self) {
    if (self.y - self.w <= floorY + 1e-4 && holdsUp(vec3(0.0, 1.0, 0.0), 1.0)) return true;
    vec3 under = vec3(0.0);
    uint count = contactCount(k);
    for (uint m = 0u; m < count; ++m) {
        vec4 other = positionRadiusAt(grains, contactAt(k, m));
        vec3 delta = self.xyz - other.xyz;
        float reach = (self.w + other.w) * SUPPORT_DISTANCE_FACTOR;
        float d2 = dot(delta, delta);
        if (d2 < reach * reach && d2 > 1e-12 && dot(delta, up) > 0.0) under += delta / sqrt(d2);
    }
    return holdsUp(under, length(under));
}

// Light sleep's wake check: a grain that is awake and closing in fast.
bool neighbourApproaching(samplerBuffer grains, uint k, vec4 self, float speedScale) {
    uint count = contactCount(k);
    for (uint m = 0u; m < count; ++m) {
        uint j = contactAt(k, m);
        vec4 motion = velocitySleepAt(grains, j);
        if (motion.w >= LIGHT_SLEEP_COUNTER) continue;
        vec4 other = positionRadiusAt(grains, j);
        vec3 delta = self.xyz - other.xyz;
        float reach = (self.w + other.w) * SUPPORT_DISTANCE_FACTOR;
        float d2 = dot(delta, delta);
        if (d2 >= reach * reach || d2 < 1e-12) continue;
        if (dot(-motion.xyz, delta / sqrt(d2)) < WAKE_APPROACH_SPEED * speedScale) return true;
    }
    return false;
}
