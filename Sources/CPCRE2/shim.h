#ifndef CPCRE2_SHIM_H
#define CPCRE2_SHIM_H

// pcre2.h requires the code-unit width before inclusion; 8 means UTF-8 and the
// real symbols are pcre2_*_8 (the unsuffixed names are macros Swift cannot import).
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif
