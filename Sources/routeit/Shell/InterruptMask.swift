import Foundation

/// Blocks SIGINT in the calling thread and so in every thread it later creates.
/// libdispatch reads signals on Linux through a signalfd, which sees a signal only while it is
/// pending for the process; a thread that does not block SIGINT may receive it instead, and then
/// libdispatch re-raises it on that thread alone, out of the signalfd's reach: Ctrl-C is lost.
/// SIGCONT (after Ctrl-Z and `fg`) likewise, so the prompt can be redrawn; blocking it does
/// not keep the process from continuing.
func blockInterruptInEveryThread() {
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGINT)
    sigaddset(&mask, SIGCONT)
    pthread_sigmask(SIG_BLOCK, &mask, nil)
}
