import Foundation

/// The feature files of OSRM's car, foot, bicycle and guidance folders, parsed, in a stable order.
public struct FeatureSuite {
    public var directory: URL
    public var features: [(folder: String, file: String, feature: GherkinFeature)] = []

    public init(directory: URL, folders: [String] = ScenarioReport.folders) throws {
        self.directory = directory
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ScenarioError.invalid("no features folder at \(directory.path): run Scripts/fetch-osrm-features first")
        }
        for folder in folders {
            let names = (try? fm.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path)) ?? []
            for name in names.sorted() where name.hasSuffix(".feature") {
                let file = "\(folder)/\(name)"
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                features.append((folder, file, try GherkinParser.parse(text, path: file)))
            }
        }
    }
}
