// The studio the glass reflects (StudioEnvironment, whose numbers arrive as #defines): a dim
// gradient from floor to ceiling and soft rectangular lights, as three.js's RoomEnvironment
// lights a scene. A light is a rectangle on the plane one unit out along its centre. Evaluated
// where the glass needs it, from constants: on llvmpipe that is cheaper than a cube map lookup.
const vec3 studioCentres[STUDIO_LIGHT_COUNT] = STUDIO_LIGHT_CENTRES;  // unit, toward each light
const vec3 studioUps[STUDIO_LIGHT_COUNT] = STUDIO_LIGHT_UPS;          // unit, perpendicular to it
const vec3 studioRights[STUDIO_LIGHT_COUNT] = STUDIO_LIGHT_RIGHTS;
const vec2 studioSizes[STUDIO_LIGHT_COUNT] = STUDIO_LIGHT_SIZES;      // half width and height on that plane
const vec3 studioColors[STUDIO_LIGHT_COUNT] = STUDIO_LIGHT_COLORS;

vec3 studio(vec3 direction) {
    vec3 color = direction.y < 0.0 ? mix(STUDIO_HORIZON, STUDIO_FLOOR, -direction.y) : mix(STUDIO_HORIZON, STUDIO_CEILING, direction.y);
    for (int i = 0; i < STUDIO_LIGHT_COUNT; ++i) {
        float facing = dot(direction, studioCentres[i]);
        vec2 onPlane = abs(vec2(dot(direction, studioRights[i]), dot(direction, studioUps[i]))) / max(facing, 1e-3);
        // 1 inside, 0 outside, across a soft edge of STUDIO_SOFTNESS either side.
        vec2 inside = clamp((studioSizes[i] + STUDIO_SOFTNESS - onPlane) / (2.0 * STUDIO_SOFTNESS), 0.0, 1.0);
        color += studioColors[i] * (inside.x * inside.y * step(0.0, facing));
    }
    return color;
}
