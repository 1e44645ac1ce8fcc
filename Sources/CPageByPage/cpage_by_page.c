// Variadic syscall(2) and ioctl(2) are not callable from Swift: this file makes the calls.
#include "cpage_by_page.h"

#if defined(__linux__) && defined(__has_include) && __has_include(<linux/userfaultfd.h>)
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY 1
#endif
#ifndef UFFD_FEATURE_WP_ASYNC
#define UFFD_FEATURE_WP_ASYNC (1 << 15)
#endif

int cpage_by_page_open(void) {
#ifdef SYS_userfaultfd
    int fd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY);
    if (fd < 0) return -1;
    struct uffdio_api api = { .api = UFFD_API, .features = UFFD_FEATURE_WP_ASYNC };
    if (ioctl(fd, UFFDIO_API, &api) != 0 || !(api.features & UFFD_FEATURE_WP_ASYNC)) {
        close(fd);
        return -1;
    }
    return fd;
#else
    return -1;
#endif
}

int cpage_by_page_register(int fd, void *base, size_t length) {
    struct uffdio_register reg = {
        .range = { .start = (unsigned long)base, .len = length },
        .mode = UFFDIO_REGISTER_MODE_WP,
    };
    return ioctl(fd, UFFDIO_REGISTER, &reg) == 0 ? 0 : -1;
}
#else
int cpage_by_page_open(void) { return -1; }
int cpage_by_page_register(int fd, void *base, size_t length) { (void)fd; (void)base; (void)length; return -1; }
#endif
