import Foundation

/// Blocks SIGINT in the calling thread and so in every thread it later creates.
/// libdispatch reads signals on Linux through a signalfd, which sees a signal only while it is
/// pending for the process; a thread that does not block SIGINT may receive it instead, and then
/// libdispatch re-raises it on that thread alone, out of the signalfd's reach: Ctrl-C is lost.
func blockInterruptInEveryThread() {
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGINT)
    pthread_sigmask(SIG_BLOCK, &mask, nil)
}
