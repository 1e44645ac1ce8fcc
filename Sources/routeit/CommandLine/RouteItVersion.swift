/// What `routeit --version` says; the map schema's version comes from `MapSchema.version`.
enum RouteItVersion {
    static let program = "1.0.0"
}
