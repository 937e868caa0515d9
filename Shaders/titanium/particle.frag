#version 430 core
// The seed's small radial-gradient sprite, added to what is there (blend ONE, ONE).
in vec4 tint;
out vec4 colour;

void main() {
    float r = length(gl_PointCoord * 2.0 - 1.0);
    float g = clamp(1.0 - r, 0.0, 1.0);
    if (g <= 0.0) discard;
    colour = vec4(tint.rgb * g * g, 0.0);
}
