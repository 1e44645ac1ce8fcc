import RouteItCore
import RouteItRemote

/// A trip being followed in the shell (`go`): the guidance and where its fixes come from, kept
/// between `go N` and `skip` lines, and after it ends for `export track`.
final class Following {
    let guidance: GuidanceViewModel
    let source: FixSource
    /// The directions it follows (a new `route` starts a new following).
    let trip: DirectionsViewModel

    init(guidance: GuidanceViewModel, source: FixSource, trip: DirectionsViewModel) {
        self.guidance = guidance
        self.source = source
        self.trip = trip
    }
}
