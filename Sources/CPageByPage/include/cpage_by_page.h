#ifndef CPAGE_BY_PAGE_H
#define CPAGE_BY_PAGE_H

#include <stddef.h>

/// A new userfaultfd agreed on asynchronous write-protect mode, or -1 where the kernel refuses.
int cpage_by_page_open(void);

/// Registers [base, base + length) with `fd` in write-protect mode, so that the kernel maps one
/// page per fault there (no fault-around); 0 on success. The descriptor must stay open while
/// the mapping lives.
int cpage_by_page_register(int fd, void *base, size_t length);

/// SIGBUS on a read of [base, base + length), or a trap or fault anywhere once the file `fd`
/// maps has changed since this call (size or modification time), writes `message` (and a
/// newline) to stderr and exits 1; the first call installs the handlers (cmap_fault_exit.c).
/// `fd` is duplicated (-1: no file check). 0 on success.
int cmap_fault_exit_register(const void *base, size_t length, const char *message, int fd);

/// From now on a SIGBUS in a registered map does not exit: the map's pages become zeros and the
/// read goes on (for a server, which then finds the file changed and says so per request).
void cmap_fault_survive(void);

/// 1 when a survived SIGBUS put zeros over the registered map at `base`, else 0.
int cmap_fault_zeroed(const void *base);

/// The range is unmapped: a fault there is no longer this map's.
void cmap_fault_exit_unregister(const void *base);

#endif
