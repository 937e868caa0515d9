#version 430 core
// The stylised water over the backdrop, premultiplied alpha (blend ONE, ONE_MINUS_SRC_ALPHA).
// Every constant is listed in docs/WAVES.md.
in vec2 uv;
out vec4 colour;

layout(binding = HEIGHTS_TEXTURE) uniform sampler2D heights;  // current field, row 0 at the top
layout(std140, binding = WATER_BLOCK) uniform WaterBlock {
    vec3 deepColour;
    vec3 shallowColour;
    vec3 skyColour;
    vec2 cellsPerPixel;  // grid size / viewport size
};

const vec3 lightDirection = normalize(vec3(-0.45, -0.55, 0.70));  // from the upper left (y down)
const vec3 viewDirection = vec3(0.0, 0.0, 1.0);                   // looking straight down
const float normalScale = 10.0;      // height gradient -> surface slope
const float heightScale = 1.6;       // height -> deep/shallow blend
const float fresnelBase = 0.02;      // Schlick's F0 for water
const float calmActivity = 0.004;    // below this the pixel is fully transparent
const float opaqueActivity = 0.12;   // at and above this it is opaque
const float gridContrast = 0.02;     // cell edges 2% brighter, centres 2% darker

ivec2 size;
float height(ivec2 p) { return texelFetch(heights, clamp(p, ivec2(0), size - 1), 0).r; }

void main() {
    size = textureSize(heights, 0);
    vec2 cellCoord = uv * vec2(size);
    ivec2 cell = ivec2(floor(cellCoord));     // nearest: one colour per cell, the pixel grid
    float h = height(cell);
    float west = height(cell + ivec2(-1, 0)), east = height(cell + ivec2(1, 0));
    float north = height(cell + ivec2(0, -1)), south = height(cell + ivec2(0, 1));

    vec2 gradient = vec2(east - west, south - north) * 0.5;
    vec3 normal = normalize(vec3(-gradient * normalScale, 1.0));
    float slope = length(gradient) * normalScale;
    float curvature = -(west + east + north + south - 4.0 * h);   // > 0 on crests

    // Deep in the troughs, shallow on the crests.
    vec3 water = mix(deepColour, shallowColour, clamp(0.5 + h * heightScale, 0.0, 1.0));
    // Diffuse light with a floor, so troughs facing away stay coloured.
    float diffuse = max(dot(normal, lightDirection), 0.0);
    water *= 0.55 + 0.6 * diffuse;
    // Fresnel, Schlick-like with power 4: grazing (steep) facets reflect the sky.
    float fresnel = fresnelBase + (1.0 - fresnelBase) * pow(1.0 - max(dot(normal, viewDirection), 0.0), 4.0);
    water = mix(water, skyColour, clamp(fresnel * 2.5, 0.0, 1.0));
    // Specular with adaptive gloss: tight on calm water, broad on rough.
    float roughness = clamp(slope * 1.5, 0.0, 1.0);
    float gloss = mix(180.0, 16.0, roughness);
    vec3 halfway = normalize(lightDirection + viewDirection);
    float specular = pow(max(dot(normal, halfway), 0.0), gloss) * mix(0.9, 0.35, roughness);
    water += vec3(specular);
    // Foam on crests and where the surface bends sharply.
    float foam = max(smoothstep(0.2, 0.45, h), smoothstep(0.08, 0.25, curvature));
    water = mix(water, vec3(0.95, 0.98, 1.0), foam * 0.85);
    // The cell grid: the outermost pixel of each cell brighter, the rest darker.
    vec2 f = fract(cellCoord);
    vec2 edge = min(cellsPerPixel, vec2(0.5));
    bool onEdge = any(lessThan(f, edge)) || any(greaterThanEqual(f, 1.0 - edge));
    water *= onEdge ? 1.0 + gridContrast : 1.0 - gridContrast;

    // Transparent where calm, fading in with activity (height or slope).
    float activity = max(abs(h), slope * 0.5);
    if (activity < calmActivity) {
        colour = vec4(0.0);
        return;
    }
    float alpha = smoothstep(calmActivity, opaqueActivity, activity);
    colour = vec4(clamp(water, 0.0, 1.0) * alpha, alpha);
}
