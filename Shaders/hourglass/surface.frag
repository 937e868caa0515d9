#version 430 core
// Blinn with separate diffuse and specular opacity: the glass is a faint tint (diffuse alpha
// 0.10) with highlights (specular alpha 0.15, shininess 30), written premultiplied so it
// blends over the grains without hiding them. The caps use the same model, opaque.
#include "lighting.glsl"

in vec3 worldPosition;
in vec3 worldNormal;
out vec4 fragColor;

uniform vec3 diffuseColor;     // sRGB
uniform float diffuseAlpha;
uniform vec3 specularColor;    // sRGB
uniform float specularAlpha;
uniform float shininess;
uniform float specularStrength;
uniform float edgeAlpha;       // extra opacity where the surface turns away from the eye

void main() {
    vec3 toEye = normalize(cameraPosition - worldPosition);
    vec3 n = normalize(worldNormal);
    if (!gl_FrontFacing) n = -n;
    vec3 diffuse = toLinear(diffuseColor) * lambert(n);
    vec3 specular = toLinear(specularColor) * blinnSpecular(n, toEye, shininess) * specularStrength;
    // Glass is seen by its silhouette: grazing views pass through more of it.
    float edge = edgeAlpha * pow(1.0 - abs(dot(n, toEye)), 3.0);
    float specularStrength = clamp(max(specular.r, max(specular.g, specular.b)), 0.0, 1.0);
    float alpha = clamp(diffuseAlpha + edge + specularAlpha * specularStrength, 0.0, 1.0);
    vec3 color = toSRGB(diffuse) * (diffuseAlpha + edge) + toSRGB(specular) * specularAlpha;
    fragColor = vec4(color, alpha);
}
