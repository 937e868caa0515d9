// One particle, std430, 64 bytes: TitaniumParticle in TitaniumReference.swift has the same layout.
// Points from the square's centre, y up; velocities pt/s.
struct Particle {
    vec4 colour;       // rgb at birth; a: its layer's alpha
    vec2 position;
    vec2 velocity;
    float age;         // s
    float lifetime;    // s; dead once age >= lifetime
    float scale;
    float nextBirth;   // clock time of its lane's next birth
    uint generation;   // births so far
    uint layer;        // 0 base, 1 mid, 2 highlight
    uint obeysGravity;
    uint theme;
};
