#include "CFlintBuild.h"

// Only `make dist` puts this header on the include path, in its own build folder, so a plain
// `swift build` (with or without git) compiles the empty default and never a stale commit.
#if __has_include(<flint_build_commit.h>)
#include <flint_build_commit.h>
#endif

#ifndef FLINT_BUILD_COMMIT
#define FLINT_BUILD_COMMIT ""
#endif

const char *flint_build_commit(void) { return FLINT_BUILD_COMMIT; }
