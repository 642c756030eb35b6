#ifndef CFLINTBUILD_H
#define CFLINTBUILD_H

/// The commit `flint` was built from ("" when the build did not say): `make dist` writes it into
/// `flint_build_commit.h` in a folder it adds to the C include path (`Scripts/dist.sh`).
const char *flint_build_commit(void);

#endif
