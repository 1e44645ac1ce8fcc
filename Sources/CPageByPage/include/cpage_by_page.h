#ifndef CPAGE_BY_PAGE_H
#define CPAGE_BY_PAGE_H

#include <stddef.h>

/// A new userfaultfd agreed on asynchronous write-protect mode, or -1 where the kernel refuses.
int cpage_by_page_open(void);

/// Registers [base, base + length) with `fd` in write-protect mode, so that the kernel maps one
/// page per fault there (no fault-around); 0 on success. The descriptor must stay open while
/// the mapping lives.
int cpage_by_page_register(int fd, void *base, size_t length);

#endif
