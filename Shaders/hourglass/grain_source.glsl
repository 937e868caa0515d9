// Where the renderer finds grain i: the compute engine's particle buffer, or the CPU's grains
// uploaded in the same 32-byte layout (particle.glsl, included before this), and one packed
// RGBA8 colour each. The only place that reads a grain's position, so a change of layout is
// one edit here.
layout(std430, binding = GRAIN_PARTICLES_BINDING) readonly buffer GrainParticles { Particle grainParticles[]; };
layout(std430, binding = GRAIN_COLORS_BINDING) readonly buffer GrainColors { uint grainColors[]; };

vec4 grainPositionRadius(uint grain) { return grainParticles[grain].positionRadius; }
vec3 grainColor(uint grain) { return unpackUnorm4x8(grainColors[grain]).rgb; }
