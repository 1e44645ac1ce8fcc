#ifndef CMAP_FAULT_EXIT_H
#define CMAP_FAULT_EXIT_H

#include <stddef.h>

/// SIGBUS on a read of [base, base + length) writes `message` (and a newline) to stderr and
/// exits 1; the first call installs the handler. 0 on success.
int cmap_fault_exit_register(const void *base, size_t length, const char *message);

/// The range is unmapped: a fault there is no longer this map's.
void cmap_fault_exit_unregister(const void *base);

#endif
