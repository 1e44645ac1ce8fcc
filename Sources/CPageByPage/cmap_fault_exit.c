// A map file truncated or rewritten in place under a running process turns its next read of a
// mapped page into SIGBUS. This handler (async-signal-safe: write(2) and _exit(2) only) says so
// in one line and exits 1 instead of dumping a crash report. Faults outside a registered map
// get the default action. In the same target as the other mapping calls Swift cannot make.
#include "cpage_by_page.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#define CMAP_MAX_REGIONS 16
#define CMAP_MESSAGE_SIZE 512

static struct {
    const char *start;
    const char *end;
    char message[CMAP_MESSAGE_SIZE];
    size_t length;
} regions[CMAP_MAX_REGIONS];
static volatile sig_atomic_t region_count = 0;

static void on_bus_error(int sig, siginfo_t *info, void *context) {
    (void)context;
    const char *address = (const char *)info->si_addr;
    for (int i = 0; i < region_count && i < CMAP_MAX_REGIONS; i++) {
        if (regions[i].start <= address && address < regions[i].end) {
            ssize_t ignored = write(2, regions[i].message, regions[i].length);
            (void)ignored;
            _exit(1);
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

int cmap_fault_exit_register(const void *base, size_t length, const char *message) {
    static int installed = 0;
    if (!installed) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_bus_error;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        if (sigaction(SIGBUS, &action, NULL) != 0) return -1;
        installed = 1;
    }
    // Reuse the slot of an unmapped region with the same start, else take a new one.
    int slot = -1;
    for (int i = 0; i < region_count; i++) if (regions[i].start == (const char *)base) slot = i;
    if (slot < 0) {
        if (region_count >= CMAP_MAX_REGIONS) return -1;
        slot = region_count;
    }
    size_t n = strlen(message);
    if (n > CMAP_MESSAGE_SIZE - 2) n = CMAP_MESSAGE_SIZE - 2;
    memcpy(regions[slot].message, message, n);
    regions[slot].message[n] = '\n';
    regions[slot].length = n + 1;
    regions[slot].start = (const char *)base;
    regions[slot].end = (const char *)base + length;
    if (slot == region_count) region_count = region_count + 1;
    return 0;
}

void cmap_fault_exit_unregister(const void *base) {
    for (int i = 0; i < region_count; i++) {
        if (regions[i].start == (const char *)base) regions[i].end = regions[i].start;
    }
}
