#ifndef CAPDOC_SYSTEM_H
#define CAPDOC_SYSTEM_H

/// Atomically exchanges two existing paths (both must exist): after it, each name refers to the
/// other's file or folder, with no moment at which either name is missing.
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS or EINVAL where unsupported).
int capdoc_exchange_paths(const char *first, const char *second);

/// Whether the signal's disposition is "ignore" (inherited from the parent, as a shell does for
/// background jobs): then capdoc must not start catching it.
int capdoc_signal_is_ignored(int signal_number);

#endif
