// The target's one source file (SwiftPM builds a C target from its sources); the hint itself is the
// inline function of include/CStardustPrefetch.h.
#include "CStardustPrefetch.h"
