/// How a download shows its progress (a bar on a terminal, one line in a log).
public protocol MapDownloadProgress: AnyObject {
    /// `total` is the whole file's size when known; `offset` what an earlier attempt already has.
    func downloadStarted(_ file: String, total: Int64?, from offset: Int64)
    func downloadProgress(_ bytes: Int64)
    /// `completed` false: it stopped (the reason is said after).
    func downloadEnded(_ file: String, bytes: Int64, completed: Bool)
}
