#define _GNU_SOURCE
#include "capdoc_search.h"
#include <string.h>

long capdoc_find_bytes(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    const char *found = memmem(haystack, haystack_length, needle, needle_length);
    return found ? (long)(found - (const char *)haystack) : -1;
}
