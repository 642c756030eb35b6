#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

// libedit's readline-compatible API (Debian: libedit-dev). readline.h needs stdio.h first.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

// Accessors for libedit's global variables, so Swift touches no C global directly
// (Swift 6 treats imported mutable globals as unsafe to share).

static inline void flint_editline_setup(rl_completion_func_t *complete, const char *breaks) {
  rl_attempted_completion_function = complete;
  rl_completer_word_break_characters = strdup(breaks);
  rl_basic_word_break_characters = rl_completer_word_break_characters;
}

/// The line being edited (for completion), never NULL.
static inline const char *flint_editline_buffer(void) {
  return rl_line_buffer ? rl_line_buffer : "";
}

/// Tells readline not to fall back to file-name completion.
static inline void flint_editline_no_default_completion(void) {
  rl_attempted_completion_over = 1;
}

/// The character added after a unique completion (' ' normally, none after a path's '/').
static inline void flint_editline_append_character(int character) {
  rl_completion_append_character = character;
}

#endif
