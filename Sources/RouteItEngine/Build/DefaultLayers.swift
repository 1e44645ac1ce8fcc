/// The layers every map gets, fresh for each import.
public enum DefaultLayers {
    public static func make() -> [MapLayerBuilder] {
        [
            AddressLayerBuilder(),
            RoadLayerBuilder(),
        ]
    }
}
