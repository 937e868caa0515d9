#include "fast_math.h"
