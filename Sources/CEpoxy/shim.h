// libepoxy resolves GL and EGL entry points at run time; Swift sees them as the function-pointer
// globals epoxy_glFoo / epoxy_eglFoo (the glFoo macros do not import).
#include <epoxy/gl.h>
#include <epoxy/egl.h>
