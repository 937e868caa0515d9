#version 430 core
// One point sprite per live particle, read from the storage buffer by gl_VertexID: side
// spriteSide x scale pt, alpha = layer alpha + fadeSpeed x age.
#include "particle.glsl"
layout(std430, binding = PARTICLES_BUFFER) readonly buffer Particles { Particle particles[]; };

layout(std140, binding = TITANIUM_SPRITE_BLOCK) uniform TitaniumSpriteBlock {
    vec2 viewportSize, centre;   // px; the square's centre, y down
    float pixelsPerPoint, spriteSide, fadeSpeed;
};
out vec4 tint;

void main() {
    Particle q = particles[gl_VertexID];
    float alpha = clamp(q.colour.a + fadeSpeed * q.age, 0.0, 1.0);
    bool alive = q.generation > 0u && q.age < q.lifetime && alpha > 0.0;
    vec2 p = centre + vec2(q.position.x, -q.position.y) * pixelsPerPoint;
    tint = vec4(q.colour.rgb * alpha, alpha);
    gl_PointSize = alive ? max(spriteSide * q.scale * pixelsPerPoint, 1.0) : 0.0;
    gl_Position = alive ? vec4(p.x / viewportSize.x * 2.0 - 1.0, 1.0 - p.y / viewportSize.y * 2.0, 0.0, 1.0) : vec4(2.0, 2.0, 2.0, 1.0);
}
