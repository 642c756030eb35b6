#ifndef CZ3_SHIM_H
#define CZ3_SHIM_H

// Z3's C API for its types only: this module links nothing. RulesSolver loads libz3 at run time
// (dlopen) and reaches each function through dlsym, so the flint binary runs where Z3 is absent.
#include <z3.h>

#endif
