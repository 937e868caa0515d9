#version 430 core
// One point sprite per particle, read from the storage buffer by gl_VertexID (no vertex
// arrays): size 2 · radius · progress, colour · lifespan / maxLifespan · progress.
#include "particle.glsl"
layout(std430, binding = PARTICLES_BUFFER) readonly buffer Particles { Particle particles[]; };

#include "control_frame.glsl"
layout(std140, binding = SPARKLE_SPRITE_BLOCK) uniform SparkleSpriteBlock {
    float progress, maxLifespan, brightness;
};
out vec3 tint;
out vec2 centrePx;
out float radiusPx;

void main() {
    Particle q = particles[gl_VertexID];
    vec2 p = controlOrigin + q.position;
    radiusPx = q.radius * progress;
    centrePx = p;
    tint = q.colour.rgb * (q.lifespan / maxLifespan) * progress * brightness;
    gl_PointSize = 2.0 * radiusPx + 1.0;   // +1: room for the anti-aliased rim
    gl_Position = vec4(p.x / viewportSize.x * 2.0 - 1.0, 1.0 - p.y / viewportSize.y * 2.0, 0.0, 1.0);
}
