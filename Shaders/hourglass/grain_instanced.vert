#version 430 core
// CPU and GPU modes: one icosphere drawn once per grain, placed by the grain's position and
// radius (uploaded from the CPU engine, or read back from the compute engine).
layout(location = 0) in vec3 corner;
layout(location = 1) in vec4 positionRadius;
layout(location = 2) in vec4 color;

uniform mat4 model;
uniform mat4 viewProjection;

out vec3 worldNormal;
out vec3 grainColor;

void main() {
    vec4 world = model * vec4(positionRadius.xyz + corner * positionRadius.w, 1.0);
    worldNormal = mat3(model) * corner;
    grainColor = color.rgb;
    gl_Position = viewProjection * world;
}
