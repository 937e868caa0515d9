// The window and the control's frame, in pixels, y down: the control, ripple and particle
// programs read them from one block (ControlFrameBlock in SparkleBlocks.swift).
layout(std140, binding = CONTROL_FRAME_BLOCK) uniform ControlFrameBlock {
    vec2 viewportSize;   // px
    vec2 controlOrigin;  // top left of the capsule's frame, px
    vec2 controlSize;    // px
};
