import Foundation

/// The feature files of OSRM's car, foot, bicycle and guidance folders, parsed, in a stable order.
public struct FeatureSuite {
    public var directory: URL
    public var features: [(folder: String, file: String, feature: GherkinFeature)] = []
    /// Files cucumber cannot parse either: none of their scenarios run, in OSRM or here.
    public var unparsed: [String] = []

    public struct MissingFolder: Error, CustomStringConvertible {
        public var description: String
    }

    public init(directory: URL, folders: [String] = ScenarioReport.folders) throws {
        self.directory = directory
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MissingFolder(description: "no OSRM features folder at \(directory.path): run Scripts/fetch-data, or give one with --features DIR")
        }
        for folder in folders {
            let names = (try? fm.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path)) ?? []
            for name in names.sorted() where name.hasSuffix(".feature") {
                let file = "\(folder)/\(name)"
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                do {
                    features.append((folder, file, try GherkinParser.parse(text, path: file)))
                } catch let error as GherkinParser.SyntaxError {
                    unparsed.append(error.description)
                }
            }
        }
    }
}
