/// How the importer tells its caller what it is doing, without knowing about terminals: the
/// `routeit import` tool draws a bar from these calls, tests may record them.
public protocol ImportProgressReporting: AnyObject {
    /// A new phase starts ("reading ways", "reading nodes", "roads", "addresses", "indexing").
    func importPhaseStarted(_ phase: String)
    /// Progress inside the current phase: `fraction` in 0...1 when known, else nil with the
    /// number of items handled so far.
    func importProgress(fraction: Double?, items: Int)
    /// The phase is done; `summary` is one short line ("1 024 ways, 2 relations").
    func importPhaseFinished(_ phase: String, summary: String)
    /// Asked at every progress step: true stops the import there (it throws CancellationError
    /// and leaves no file behind). The shell sets it on Ctrl-C.
    var isImportCancelled: Bool { get }
    /// The import stopped because `isImportCancelled` said so, during `phase`.
    func importCancelled(during phase: String)
}

extension ImportProgressReporting {
    public var isImportCancelled: Bool { false }
    public func importCancelled(during phase: String) {}
}

/// A layer that can say in a few words what it wrote ("591 addresses, 100 streets"), for the
/// importer's summary line; layers without it are reported as "written".
public protocol MapLayerSummarizing {
    var writtenSummary: String { get }
}

/// What a finished import reports.
public struct ImportSummary: Sendable {
    public var destination: String
    public var nodes: Int
    public var ways: Int
    public var relations: Int
    public var coordinatesKept: Int
    public var seconds: Double
    /// Elements left out because their data was unusable (bad coordinates, implausible geometry, ...).
    public var skipped = SkippedElements()
}

/// A layer that leaves out elements it cannot use, counted for the import summary.
public protocol MapLayerSkipping {
    var skipped: SkippedElements { get }
}
