// GL comes from libepoxy; GLFW must not pull in its own GL header.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
