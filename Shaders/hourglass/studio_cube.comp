#version 430 core
// The studio the glass reflects (StudioEnvironment), written once into a cube map: a dim
// gradient from floor to ceiling and soft rectangular lights, as three.js's RoomEnvironment
// lights a scene. A light is a rectangle on the plane one unit out along its centre.
layout(local_size_x = WORK_GROUP_SIZE) in;
layout(rgba16f, binding = 0) writeonly uniform imageCube studio;

uniform int faceSize;
uniform vec3 studioFloor;
uniform vec3 studioHorizon;
uniform vec3 studioCeiling;
uniform vec3 lightCentres[STUDIO_LIGHT_COUNT];  // unit, from the hourglass to the light
uniform vec3 lightUps[STUDIO_LIGHT_COUNT];      // unit, perpendicular to the centre
uniform vec3 lightRights[STUDIO_LIGHT_COUNT];
uniform vec2 lightSizes[STUDIO_LIGHT_COUNT];    // half width and half height on that plane
uniform vec3 lightColors[STUDIO_LIGHT_COUNT];
uniform float softness;                         // width of a light's soft edge on that plane

vec3 radiance(vec3 direction) {
    vec3 color = direction.y < 0.0 ? mix(studioHorizon, studioFloor, -direction.y) : mix(studioHorizon, studioCeiling, direction.y);
    for (int i = 0; i < STUDIO_LIGHT_COUNT; ++i) {
        float facing = dot(direction, lightCentres[i]);
        if (facing <= 0.0) continue;
        vec2 onPlane = abs(vec2(dot(direction, lightRights[i]), dot(direction, lightUps[i]))) / facing;
        vec2 inside = clamp((lightSizes[i] + softness - onPlane) / (2.0 * softness), 0.0, 1.0);
        color += lightColors[i] * inside.x * inside.y;
    }
    return color;
}

// The direction through texel coordinates (s, t), −1…1, of a face, as GL's cube map table has it.
vec3 faceDirection(int face, float s, float t) {
    if (face == 0) return vec3(1.0, -t, -s);
    if (face == 1) return vec3(-1.0, -t, s);
    if (face == 2) return vec3(s, 1.0, t);
    if (face == 3) return vec3(s, -1.0, -t);
    if (face == 4) return vec3(s, -t, 1.0);
    return vec3(-s, -t, -1.0);
}

void main() {
    int index = int(gl_GlobalInvocationID.x);
    if (index >= 6 * faceSize * faceSize) return;
    ivec3 texel = ivec3(index % faceSize, (index / faceSize) % faceSize, index / (faceSize * faceSize));
    vec2 st = (vec2(texel.xy) + 0.5) / float(faceSize) * 2.0 - 1.0;
    imageStore(studio, texel, vec4(radiance(normalize(faceDirection(texel.z, st.x, st.y))), 1.0));
}
