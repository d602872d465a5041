/*
 * suggest: "did you mean" for a word that is not one of the allowed ones
 * (command-line options now; the same rule as the scenario loader's key
 * suggestions). Only words close enough to be a slip are suggested: an
 * edit distance of at most 2, or of at most a third of the suggestion's
 * length, and always less than the word's own length.
 */
#ifndef PKSIM_SUGGEST_H
#define PKSIM_SUGGEST_H

#include <stddef.h>

/* Words longer than this (bytes) are never compared: no suggestion. */
#define PK_SUGGEST_MAX_LEN 64

/*
 * The word of allowed (a NULL-terminated array of NUL-terminated strings)
 * nearest to word by Levenshtein distance, the first one on a tie; NULL
 * when none is close enough (rule above) or either word is longer than
 * PK_SUGGEST_MAX_LEN. The result is borrowed from allowed.
 */
const char *suggest_nearest(const char *word, const char *const *allowed);

/* Levenshtein distance of a and b (insert, delete, substitute a byte);
   (size_t)-1 when either is longer than PK_SUGGEST_MAX_LEN. */
size_t suggest_distance(const char *a, const char *b);

#endif
