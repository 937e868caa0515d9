#version 430 core
// The frame's wooden caps: opaque Blinn, lit by the rig, the brown streaked with a wood grain
// (the original's caps were one flat brown, which a glass turned toward the eye shows as a
// featureless disc).
#include "lighting.glsl"

in vec3 worldPosition;
in vec3 worldNormal;
in vec3 localPosition;
out vec4 fragColor;

layout(std140, binding = UNIFORMS_CAPS) uniform CapsBlock {
    vec3 diffuseColor;         // sRGB
    float specularAlpha;       // the highlight's share over the wood, as the original's caps
    vec3 specularColor;        // sRGB
    float shininess;
    float specularStrength;
};

// Straight grain across the cap along x, as a plank sawn along the trunk shows: lines of
// uneven spacing, width and depth that drift a little, each a darker late-wood band in the
// lighter early wood; a shade of the brown from about 0.8 to 1.05 of it.
float woodShade(vec3 p) {
    float across = p.z + 0.003 * sin(p.x * 6.0 + 1.3) + 0.0015 * sin(p.x * 17.0 + p.z * 40.0);
    float scaled = across * 46.0;
    float line = floor(scaled), within = fract(scaled);
    float seed = fract(sin(line * 12.9898) * 43758.5453);
    float width = 0.12 + 0.3 * seed, depth = 0.1 + 0.14 * fract(seed * 7.13);
    float band = smoothstep(0.0, 0.06, within) * (1.0 - smoothstep(width, width + 0.12, within));
    return 1.05 - 0.05 * fract(seed * 3.7) - depth * band;
}

void main() {
    vec3 toEye = normalize(cameraPosition - worldPosition);
    vec3 n = normalize(worldNormal);
    vec3 diffuse = toLinear(diffuseColor * woodShade(localPosition)) * lambert(n);
    vec3 specular = toLinear(specularColor) * blinnSpecular(n, toEye, shininess) * specularStrength;
    fragColor = vec4(toSRGB(diffuse) + toSRGB(specular) * specularAlpha, 1.0);
}
