#version 430 core
// What shows through calm water: a vertical gradient, lighter at the top.
in vec2 uv;
out vec4 colour;
layout(std140, binding = WAVE_BACKDROP_BLOCK) uniform WaveBackdropBlock {
    vec3 topColour;
    vec3 bottomColour;
};
void main() {
    colour = vec4(mix(topColour, bottomColour, uv.y), 1.0);
}
