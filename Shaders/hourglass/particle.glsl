// One grain, 32 bytes: the layout of SandSim's Grain. vec4s only, so std430 adds no padding.
struct Particle {
    vec4 positionRadius;  // xyz position in the container frame, w radius
    vec4 velocitySleep;   // xyz velocity, w sleep counter
};
