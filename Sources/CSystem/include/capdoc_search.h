#ifndef CAPDOC_SEARCH_H
#define CAPDOC_SEARCH_H

#include <stddef.h>

/// Where `needle` first occurs in `haystack`, as an offset, or -1: the C library's memmem, which is
/// linear in both lengths (two-way), and which Swift cannot reach (it needs _GNU_SOURCE on Linux).
long capdoc_find_bytes(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
