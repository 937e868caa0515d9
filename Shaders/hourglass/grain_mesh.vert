#version 430 core
// Instanced mode: the vertex buffer expand_meshes.comp wrote, drawn as it is.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 color;

uniform mat4 model;
uniform mat4 viewProjection;

out vec3 worldNormal;
out vec3 grainColor;

void main() {
    worldNormal = mat3(model) * normal;
    grainColor = color.rgb;
    gl_Position = viewProjection * model * vec4(position, 1.0);
}
