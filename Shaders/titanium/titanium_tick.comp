#version 430 core
// One tick of the pool (TitaniumReference.tick is the same on the CPU): a live particle feels the
// fields, moves and ages; then, if its lane's birth is due, it is born in a random emitter of
// its layer. Lanes are fixed slots of the pool, so the live count is birth rate x lifetime.
layout(local_size_x = WORK_GROUP_SIZE) in;
#include "particle.glsl"
layout(std430, binding = PARTICLES_BUFFER) buffer Particles { Particle particles[]; };

// WORK_GROUP_SIZE, MAX_EMITTERS, MAX_FIELDS, FIELD_SCALE, TURBULENCE_FLOOR come from ShaderSource.titanium.

// The tick's parameters, one block (TitaniumTickBlock in TitaniumBlocks.swift).
layout(std140, binding = TITANIUM_TICK_BLOCK) uniform TitaniumTickBlock {
    vec4 emitters[MAX_EMITTERS];  // centre.xy (-1..1), half side, cumulative weight in the layer
    vec4 fields[MAX_FIELDS];      // centre.xy, radius, strength (the cursor and its ripples)
    vec4 layerColours[3];         // rgb
    uvec4 layerEnds;              // slots [end of previous layer, layerEnds[l]) are layer l's
    ivec4 emitterStarts, emitterCounts;
    vec3 birthRates;
    float dt;
    vec3 layerAlphas;
    float time;
    vec2 gravity;                 // direction x strength
    vec2 turbulenceCentre;        // pt
    uint count, theme;
    int fieldCount;
    uint gravityOn, turbulenceOn;
    float square, scale, scaleRange, lifetime, lifetimeRange, speed, speedRange, gravityVariation;
    float turbulenceStrength, turbulenceRadius, smoothness, animationSpeed, burst;
};

#include "../common/pcg.glsl"

// TitaniumReference.noise: the curl of four plane waves (angle, frequency factor, drift, phase).
const vec4 waves[4] = vec4[4](vec4(0.30, 1.00, 1.3, 0.0), vec4(2.70, 1.37, -0.7, 1.9),
                              vec4(5.10, 1.73, 1.1, 4.2), vec4(7.50, 2.19, -0.9, 2.6));

vec2 noise(vec2 p, float t) {
    float f = (1.0 / 12.0 + (1.0 / 100.0 - 1.0 / 12.0) * smoothness) * 6.28318530718;
    vec2 v = vec2(0.0);
    for (int i = 0; i < 4; i++) {
        vec2 direction = vec2(cos(waves[i].x), sin(waves[i].x));
        vec2 k = direction * f * waves[i].y;
        v += vec2(direction.y, -direction.x) * cos(dot(k, p) + t * waves[i].z + waves[i].w);
    }
    return v * 0.5;
}

vec2 acceleration(Particle q) {
    vec2 a = vec2(0.0);
    for (int i = 0; i < fieldCount; i++) {
        vec2 d = fields[i].xy - q.position;
        float distance = length(d);
        if (distance < fields[i].z && distance > 1e-4) a += d / distance * fields[i].w * FIELD_SCALE;
    }
    if (gravityOn != 0u && q.obeysGravity != 0u) a += gravity * FIELD_SCALE;
    float turbulence = burst;
    if (turbulenceOn != 0u) {
        vec2 d = q.position - turbulenceCentre;
        if (turbulenceRadius <= 0.0 || dot(d, d) < turbulenceRadius * turbulenceRadius) turbulence += turbulenceStrength;
    }
    if (turbulence > 0.0) a += noise(q.position, time * animationSpeed) * turbulence * (length(q.velocity) + TURBULENCE_FLOOR);
    return a;
}

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= count) return;
    Particle q = particles[id];
    if (q.generation > 0u && q.age < q.lifetime) {
        q.velocity += acceleration(q) * dt;
        q.position += q.velocity * dt;
        q.age += dt;
    }
    int layer = int(q.layer);
    float rate = birthRates[layer];
    if (rate > 0.0 && time >= q.nextBirth) {
        uint first = layer == 0 ? 0u : layerEnds[layer - 1];
        float period = float(layerEnds[layer] - first) / rate;
        float birth = q.nextBirth + floor((time - q.nextBirth) / period) * period;
        q.nextBirth = birth + period;
        uint h = pcg(pcg(q.generation * 0x9E3779B9u) + id);
        float r[8];
        for (int i = 0; i < 8; i++) { r[i] = unit(h); h = pcg(h); }
        q.generation += 1u;
        int n = emitterCounts[layer];
        if (n == 0) {
            q.lifetime = 0.0;
        } else {
            int pick = emitterStarts[layer] + n - 1;
            for (int i = 0; i < n; i++) {
                if (r[0] < emitters[emitterStarts[layer] + i].w) { pick = emitterStarts[layer] + i; break; }
            }
            vec4 e = emitters[pick];
            q.position = (e.xy + vec2(2.0 * r[1] - 1.0, 2.0 * r[2] - 1.0) * e.z) * square * 0.5;
            float angle = 6.28318530718 * r[3];
            float s = max(speed + speedRange * (r[4] - 0.5), 0.0);
            q.velocity = vec2(cos(angle), sin(angle)) * s;
            q.scale = max(scale + scaleRange * (r[5] - 0.5), 0.0);
            q.lifetime = max(lifetime + lifetimeRange * (r[6] - 0.5), 0.1);
            q.obeysGravity = r[7] < gravityVariation ? 1u : 0u;
            q.age = time - birth;
            q.position += q.velocity * q.age;
            q.colour = vec4(layerColours[layer].rgb, layerAlphas[layer]);
            q.theme = theme;
        }
    }
    particles[id] = q;
}
