#version 430 core
// A full-screen triangle pair (6 vertices, no vertex buffer). uv runs 0-1 left to right and
// top to bottom, the way the grid's rows are stored (row 0 at the top).
out vec2 uv;
const vec2 corners[6] = vec2[](vec2(0, 0), vec2(1, 0), vec2(0, 1), vec2(0, 1), vec2(1, 0), vec2(1, 1));
void main() {
    vec2 corner = corners[gl_VertexID];
    uv = vec2(corner.x, 1.0 - corner.y);
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
