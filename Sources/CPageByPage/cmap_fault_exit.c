// A map file truncated or rewritten in place under a running process turns its next read of a
// mapped page into SIGBUS, or feeds the reader bytes that changed after they were checked, which
// then trap (SIGILL, SIGTRAP) or fault (SIGSEGV, SIGFPE) in the code that trusted them. These
// handlers (async-signal-safe: fstat(2), write(2), sigaction(2), mmap(2) and _exit(2) only) say
// so in one line and exit 1 instead of dumping a crash report: SIGBUS inside a registered map,
// and the other signals when a registered map's file has changed since it was mapped (its size
// or modification time, read through a descriptor of its own). Anything else is a real fault
// and gets the action installed before (the Swift runtime's backtrace, or the default). In the same
// target as the other mapping calls Swift cannot make.
//
// A server (`routeit serve`) must outlive its map instead: after `cmap_fault_survive()`, a SIGBUS
// in a registered map puts zero pages over the whole map and returns, so the faulting read (and
// every later one) sees zeros, which the readers' bounds checks already survive (reads never
// trap on damaged data, see MapDamage); the server then finds the file changed (or the map
// zeroed) before it answers, and says the map is unavailable instead. A trap cannot be resumed,
// so those still exit; with the file checked before each request they need a change during it.
#include "cpage_by_page.h"

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define CMAP_MAX_REGIONS 16
#define CMAP_MESSAGE_SIZE 512

static struct {
    const char *start;
    const char *end;
    char message[CMAP_MESSAGE_SIZE];
    size_t length;
    /// A descriptor of the mapped file and what it was when mapped; -1 when none.
    int fd;
    off_t size;
    struct timespec modified;
    /// Set when a survived SIGBUS put zero pages over the region.
    volatile sig_atomic_t zeroed;
} regions[CMAP_MAX_REGIONS];
static volatile sig_atomic_t region_count = 0;

/// The signals a changed map can cause besides SIGBUS, and the actions they had before.
static const int trap_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGFPE};
#define CMAP_TRAP_SIGNALS (sizeof trap_signals / sizeof trap_signals[0])
static struct sigaction previous[CMAP_TRAP_SIGNALS];

static void say_and_exit(int i) {
    ssize_t ignored = write(2, regions[i].message, regions[i].length);
    (void)ignored;
    _exit(1);
}

static volatile sig_atomic_t surviving = 0;
/// The page size, read when registering (sysconf is not async-signal-safe).
static size_t page_size = 4096;

/// Zero pages over region `i` in place of the file's (mmap(2) is one system call on Linux, safe
/// in a handler); 0 on success.
static int zero_region(int i) {
    uintptr_t start = (uintptr_t)regions[i].start / page_size * page_size;
    uintptr_t end = ((uintptr_t)regions[i].end + page_size - 1) / page_size * page_size;
    void *p = mmap((void *)start, end - start, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    return p == (void *)start ? 0 : -1;
}

static void on_bus_error(int sig, siginfo_t *info, void *context) {
    (void)context;
    const char *address = (const char *)info->si_addr;
    for (int i = 0; i < region_count && i < CMAP_MAX_REGIONS; i++) {
        if (regions[i].start <= address && address < regions[i].end) {
            if (surviving && zero_region(i) == 0) {
                regions[i].zeroed = 1;
                return;   // the read runs again, on zeros
            }
            say_and_exit(i);
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void on_trap(int sig, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    for (int i = 0; i < region_count && i < CMAP_MAX_REGIONS; i++) {
        struct stat now;
        if (regions[i].fd < 0 || regions[i].start == regions[i].end || fstat(regions[i].fd, &now) != 0) continue;
        if (now.st_size != regions[i].size || now.st_mtim.tv_sec != regions[i].modified.tv_sec
            || now.st_mtim.tv_nsec != regions[i].modified.tv_nsec) say_and_exit(i);
    }
    // Not a changed map: put the earlier action back; returning runs the faulting instruction
    // again, which now reaches it.
    for (size_t k = 0; k < CMAP_TRAP_SIGNALS; k++) {
        if (trap_signals[k] == sig) sigaction(sig, &previous[k], NULL);
    }
}

static int install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, NULL) != 0) return -1;
    action.sa_sigaction = on_trap;
    for (size_t k = 0; k < CMAP_TRAP_SIGNALS; k++) {
        if (sigaction(trap_signals[k], &action, &previous[k]) != 0) return -1;
    }
    return 0;
}

void cmap_fault_survive(void) { surviving = 1; }

int cmap_fault_zeroed(const void *base) {
    for (int i = 0; i < region_count; i++) {
        if (regions[i].start == (const char *)base && regions[i].end != regions[i].start) return regions[i].zeroed;
    }
    return 0;
}

int cmap_fault_exit_register(const void *base, size_t length, const char *message, int fd) {
    static int installed = 0;
    long page = sysconf(_SC_PAGESIZE);
    if (page > 0) page_size = (size_t)page;
    if (!installed) {
        if (install() != 0) return -1;
        installed = 1;
    }
    // Reuse the slot of an unmapped region with the same start, else take a new one.
    int slot = -1;
    for (int i = 0; i < region_count; i++) if (regions[i].start == (const char *)base) slot = i;
    if (slot < 0) {
        if (region_count >= CMAP_MAX_REGIONS) return -1;
        slot = region_count;
        regions[slot].fd = -1;
    }
    size_t n = strlen(message);
    if (n > CMAP_MESSAGE_SIZE - 2) n = CMAP_MESSAGE_SIZE - 2;
    memcpy(regions[slot].message, message, n);
    regions[slot].message[n] = '\n';
    regions[slot].length = n + 1;
    if (regions[slot].fd >= 0) close(regions[slot].fd);
    regions[slot].fd = -1;
    struct stat then;
    int own = fd >= 0 ? dup(fd) : -1;
    if (own >= 0 && fstat(own, &then) == 0) {
        regions[slot].fd = own;
        regions[slot].size = then.st_size;
        regions[slot].modified = then.st_mtim;
    } else if (own >= 0) {
        close(own);
    }
    regions[slot].zeroed = 0;
    regions[slot].start = (const char *)base;
    regions[slot].end = (const char *)base + length;
    if (slot == region_count) region_count = region_count + 1;
    return 0;
}

void cmap_fault_exit_unregister(const void *base) {
    for (int i = 0; i < region_count; i++) {
        if (regions[i].start == (const char *)base) {
            regions[i].end = regions[i].start;
            if (regions[i].fd >= 0) close(regions[i].fd);
            regions[i].fd = -1;
        }
    }
}
