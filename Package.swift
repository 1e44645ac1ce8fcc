// swift-tools-version:6.0
import PackageDescription

// One concept per target: Core (models, protocols, view models, flow), Screens (pure text),
// Engine (OSM → SQLite → geocoder/router, no UI), Remote (OSRM/Nominatim over HTTP),
// Export (SVG/GPX/GeoJSON), and the `routeit` shell that wires them together.
let package = Package(
    name: "RouteIt",
    products: [
        .executable(name: "routeit", targets: ["routeit"]),
        .library(name: "RouteItCore", targets: ["RouteItCore"]),
        .library(name: "RouteItEngine", targets: ["RouteItEngine"]),
    ],
    targets: [
        // libedit and SQLite are linked by the targets that use them (below): statically into a
        // release build, so the loader neither finds nor binds them at each start (a tenth of a
        // cold `routeit route`'s instructions went to binding their symbols).
        .systemLibrary(name: "CEditLine", providers: [.apt(["libedit-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // HTTPS through libcurl loaded at run time: nothing links libcurl (see HTTPExchange).
        .target(name: "CCurlLoader", linkerSettings: [.linkedLibrary("dl")]),
        // userfaultfd(2) for mapped maps (see PageByPageFaults): variadic calls Swift cannot make.
        .target(name: "CPageByPage"),

        .target(name: "RouteItCore"),
        // One safe sqlite3 connection type for the map and the planner store.
        .target(name: "RouteItSQLite", dependencies: ["CSQLite"], linkerSettings: [
            .linkedLibrary("sqlite3", .when(configuration: .debug)),
            .unsafeFlags(["-Xlinker", "-Bstatic", "-Xlinker", "-lsqlite3", "-Xlinker", "-Bdynamic"], .when(configuration: .release)),
        ]),
        .target(name: "RouteItScreens", dependencies: ["RouteItCore"]),
        // Release builds leave out the run-time exclusivity checks (debug builds and the tests keep
        // them): in the route search they were 4 % of a cold `routeit route --json`'s instructions.
        .target(name: "RouteItEngine", dependencies: ["RouteItCore", "RouteItSQLite", "CZlib", "CLibXML2", "CPageByPage"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        .target(name: "RouteItRemote", dependencies: ["RouteItCore", "CCurlLoader"]),
        .target(name: "RouteItExport", dependencies: ["RouteItCore"]),
        // The planner's memory (saved trips, favourites, recent places, settings) in SQLite.
        .target(name: "RouteItStore", dependencies: ["RouteItCore", "RouteItSQLite", "CSQLite"]),
        .executableTarget(
            name: "routeit",
            dependencies: ["RouteItCore", "RouteItScreens", "RouteItEngine", "RouteItRemote", "RouteItExport", "RouteItStore", "RouteItSQLite", "CEditLine"],
            // A release binary at a fixed address: the loader then has no relative relocations to
            // apply (74,000 in the static Swift runtime and Foundation), which every one-shot command
            // paid at start: ~7 % of a cold `routeit route`'s CPU and 3.5 MB of its memory.
            linkerSettings: [
                .linkedLibrary("edit", .when(configuration: .debug)),
                .unsafeFlags(["-Xlinker", "-no-pie", "-Xlinker", "-Bstatic", "-Xlinker", "-ledit", "-Xlinker", "-ltinfo",
                              "-Xlinker", "-lbsd", "-Xlinker", "-lmd", "-Xlinker", "-Bdynamic"], .when(configuration: .release)),
            ]
        ),
        // In-process timing of the engine for Scripts/bench (not part of the app).
        .executableTarget(name: "routeit-bench", dependencies: ["RouteItCore", "RouteItEngine", "RouteItRemote"]),

        // OSRM's cucumber scenarios (features/car, foot, bicycle, guidance) run through the
        // engine in process: the Gherkin, the scenario's map, the columns as OSRM's support code
        // writes them. `routeit-scenarios` is its command line (Scripts/test runs it).
        .target(name: "RouteItScenarios", dependencies: ["RouteItCore", "RouteItEngine"]),
        .executableTarget(name: "routeit-scenarios", dependencies: ["RouteItScenarios"]),

        // What the test targets share (temporary folders, fixtures made once per build, ports,
        // a child's output): test targets cannot share sources. Under Tests/, and left out of
        // the fuzz binaries (Scripts/fuzz links only the targets under Sources/).
        .target(name: "RouteItTestSupport", path: "Tests/RouteItTestSupport"),

        .testTarget(name: "RouteItCoreTests", dependencies: ["RouteItCore", "RouteItScreens", "RouteItTestSupport"]),
        .testTarget(name: "RouteItScreensTests", dependencies: ["RouteItScreens", "RouteItCore"]),
        .testTarget(name: "RouteItEngineTests", dependencies: ["RouteItEngine", "RouteItCore", "RouteItSQLite", "RouteItTestSupport"]),
        .testTarget(name: "RouteItRemoteTests", dependencies: ["RouteItRemote", "RouteItCore", "RouteItEngine", "RouteItTestSupport"]),
        .testTarget(name: "RouteItStoreTests", dependencies: ["RouteItStore", "RouteItCore", "RouteItSQLite", "CSQLite"]),
        .testTarget(name: "RouteItScenariosTests", dependencies: ["RouteItScenarios", "RouteItTestSupport"]),
        .testTarget(name: "RouteItExportTests", dependencies: ["RouteItExport", "RouteItCore", "RouteItEngine", "RouteItTestSupport"]),
        // Drives the real `routeit` executable (Tests/Flows/*.flow golden scenarios, CLI commands).
        .testTarget(name: "RouteItAppTests", dependencies: ["routeit", "RouteItTestSupport", "RouteItSQLite"]),
    ]
)
