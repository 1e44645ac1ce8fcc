import Foundation

extension Session {
    /// The file a command names (`stops`, `open`, `use`, `export`, `location replay`): `~/` is
    /// `$HOME`, and in a `.flow` a relative path is read or written beside the flow file, so a
    /// flow kept in a folder with its lists and tracks runs the same from anywhere.
    func filePath(_ typed: String) -> String {
        let path = ExportDestination.expand(typed)
        guard !path.hasPrefix("/"), let folder = flowDirectory, !folder.isEmpty else { return path }
        return folder + "/" + path
    }
}
