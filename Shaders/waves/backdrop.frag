#version 430 core
// What shows through calm water: a vertical gradient, lighter at the top.
in vec2 uv;
out vec4 colour;
uniform vec3 topColour;
uniform vec3 bottomColour;
void main() {
    colour = vec4(mix(topColour, bottomColour, uv.y), 1.0);
}
