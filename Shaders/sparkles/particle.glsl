// One particle, std430, 48 bytes: Particle in SparkleReference.swift has the same layout.
struct Particle {
    vec4 colour;
    vec2 position;    // px in the control's frame, y down
    vec2 velocity;    // px a tick; its length is the speed
    float radius;     // px
    float lifespan;   // ticks since birth
    uint generation;  // births so far
    float padding;
};
