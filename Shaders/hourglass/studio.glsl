// The studio the glass reflects (three.js's RoomEnvironment is the model): a dim gradient from
// floor to ceiling and a few soft rectangular lights (StudioEnvironment), brightness in display
// terms. A light is a rectangle on the plane one unit out along its centre direction.
uniform vec3 studioFloor;
uniform vec3 studioHorizon;
uniform vec3 studioCeiling;
uniform vec3 studioLightCentres[STUDIO_LIGHT_COUNT];  // unit, from the hourglass to the light
uniform vec3 studioLightUps[STUDIO_LIGHT_COUNT];      // unit, perpendicular to the centre
uniform vec2 studioLightSizes[STUDIO_LIGHT_COUNT];    // half width and half height on that plane
uniform vec3 studioLightColors[STUDIO_LIGHT_COUNT];
uniform float studioSoftness;                         // width of a light's soft edge on that plane

vec3 studio(vec3 direction) {
    vec3 color = direction.y < 0.0 ? mix(studioHorizon, studioFloor, -direction.y) : mix(studioHorizon, studioCeiling, direction.y);
    for (int i = 0; i < STUDIO_LIGHT_COUNT; ++i) {
        float facing = dot(direction, studioLightCentres[i]);
        if (facing <= 0.0) continue;
        vec3 right = cross(studioLightUps[i], studioLightCentres[i]);
        vec2 onPlane = abs(vec2(dot(direction, right), dot(direction, studioLightUps[i]))) / facing;
        vec2 inside = 1.0 - smoothstep(studioLightSizes[i] - studioSoftness, studioLightSizes[i] + studioSoftness, onPlane);
        color += studioLightColors[i] * inside.x * inside.y;
    }
    return color;
}
