// The control's geometry, shared by the control, ripple and particle shaders. Pixels, y down.
// Needs control_frame.glsl.

// The fragment's pixel centre, y down from the top.
vec2 pixel() { return vec2(gl_FragCoord.x, viewportSize.y - gl_FragCoord.y); }

// Signed distance to the capsule's edge, negative inside (SparkleReference.capsuleDistance).
float capsuleDistance(vec2 p) {
    vec2 halfSize = controlSize * 0.5;
    vec2 d = p - (controlOrigin + halfSize);
    float r = min(halfSize.x, halfSize.y);
    float half_ = max(halfSize.x - r, 0.0);
    vec2 q = vec2(max(abs(d.x) - half_, 0.0), d.y);
    return length(q) - r;
}
