#version 430 core
// One fixed tick of the seed's particle rule (SparkleReference.tick is the same on the CPU):
// reborn at a random place when near the centre, at the origin or too old; otherwise moved
// toward the centre by its speed. The cloud is drawn by particle.vert, not here.
layout(local_size_x = WORK_GROUP_SIZE) in;
#include "particle.glsl"
layout(std430, binding = PARTICLES_BUFFER) buffer Particles { Particle particles[]; };

layout(std140, binding = SPARKLE_TICK_BLOCK) uniform SparkleTickBlock {
    uint count;
    vec2 centre;           // the press, px in the control's frame
    vec2 frameSize;        // the control's frame, px
    float rebirthDistance; // px
    float maxLifespan;     // ticks
    float radiusMin, radiusMax, speed, speedJitter;
};

#include "../common/pcg.glsl"

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= count) return;
    Particle q = particles[id];
    vec2 offset = centre - q.position;
    float distance = length(offset);
    if (distance < rebirthDistance || (q.position.x == 0.0 && q.position.y == 0.0) || q.lifespan > maxLifespan) {
        uint h = pcg(pcg(q.generation) + id);
        float r[7];
        for (int i = 0; i < 7; i++) { r[i] = unit(h); h = pcg(h); }
        q.generation += 1u;
        q.position = vec2(r[0] * frameSize.x, r[1] * frameSize.y);
        q.lifespan = 0.0;
        q.radius = radiusMin + (radiusMax - radiusMin) * r[2];
        float s = speed * (1.0 + speedJitter * (2.0 * r[3] - 1.0));
        q.velocity = vec2(s, s) * sqrt(0.5);
        q.colour = vec4(0.3 * r[4], 0.3 + 0.4 * r[5], 0.7 + 0.3 * r[6], 1.0);
    } else {
        float s = length(q.velocity);
        vec2 direction = offset / distance;
        q.position += direction * s;
        q.velocity = direction * s;
        q.lifespan += 1.0;
    }
    particles[id] = q;
}
