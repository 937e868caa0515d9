#version 430 core
// The original's dark warm backdrop: a soft vertical gradient with a little vignette.
in vec2 uv;
out vec4 fragColor;
uniform vec3 topColor;
uniform vec3 bottomColor;
void main() {
    vec3 color = mix(bottomColor, topColor, uv.y);
    float vignette = 1.0 - 0.35 * dot(uv - 0.5, uv - 0.5);
    fragColor = vec4(color * vignette, 1.0);
}
