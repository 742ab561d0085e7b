#ifndef CAPDOC_SYSTEM_H
#define CAPDOC_SYSTEM_H

/// Atomically exchanges two existing paths (both must exist): after it, each name refers to the
/// other's file or folder, with no moment at which either name is missing.
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS or EINVAL where unsupported).
int capdoc_exchange_paths(const char *first, const char *second);

#endif
