// The shim is header-only (static inline functions in include/CNcurses.h);
// this file exists because a SwiftPM C target needs one source file.
#include "CNcurses.h"
