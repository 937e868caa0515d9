#version 430 core
// The frame's wooden caps: opaque Blinn, lit by the rig.
#include "lighting.glsl"

in vec3 worldPosition;
in vec3 worldNormal;
out vec4 fragColor;

uniform vec3 diffuseColor;     // sRGB
uniform vec3 specularColor;    // sRGB
uniform float specularAlpha;   // the highlight's share over the wood, as the original's caps
uniform float shininess;
uniform float specularStrength;

void main() {
    vec3 toEye = normalize(cameraPosition - worldPosition);
    vec3 n = normalize(worldNormal);
    vec3 diffuse = toLinear(diffuseColor) * lambert(n);
    vec3 specular = toLinear(specularColor) * blinnSpecular(n, toEye, shininess) * specularStrength;
    fragColor = vec4(toSRGB(diffuse) + toSRGB(specular) * specularAlpha, 1.0);
}
