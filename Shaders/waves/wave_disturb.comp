#version 430 core
// Adds up to MAX_DISTURBANCES impulses to the Verlet pair in place (each invocation touches
// only its own cell). Same formula as WaveReference.disturb: amount = strength * impulse *
// (exp(-(r/R)^2) - 1/4 exp(-(r/2R)^2)); 82% velocity (current += kick/2, previous -= kick/2), the rest
// displacement added to both.
layout(local_size_x = WORK_GROUP_SIZE, local_size_y = WORK_GROUP_SIZE) in;

layout(r32f, binding = PREVIOUS_HEIGHTS_IMAGE) uniform image2D previousHeights;
layout(r32f, binding = CURRENT_HEIGHTS_IMAGE) uniform image2D currentHeights;

layout(std140, binding = WAVE_DISTURB_BLOCK) uniform WaveDisturbBlock {
    vec4 disturbances[MAX_DISTURBANCES];  // x, y in cells (y down), strength * impulse, unused
    int disturbanceCount;
    float radiusCells;
    float velocityShare;
    float surroundShare;  // of a Gaussian twice as wide, taken away: no net volume
};

void main() {
    ivec2 size = imageSize(currentHeights);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= size.x || p.y >= size.y) return;
    float total = 0.0;
    for (int i = 0; i < disturbanceCount; i++) {
        vec2 r = vec2(p) + 0.5 - disturbances[i].xy;
        float q = dot(r, r) / (radiusCells * radiusCells);
        total += disturbances[i].z * (exp(-q) - surroundShare * exp(-q * 0.25));
    }
    if (total == 0.0) return;
    float kick = velocityShare * total;
    float lift = total - kick;
    imageStore(currentHeights, p, vec4(imageLoad(currentHeights, p).r + lift + kick * 0.5));
    imageStore(previousHeights, p, vec4(imageLoad(previousHeights, p).r + lift - kick * 0.5));
}
