import Foundation
import XCTest
import RouteItCore
@testable import routeit

/// The pieces of `routeit serve` that read what a client sent, without sockets: the HTTP request
/// parser within its limits (hostile sizes refused with their status, not read to the end),
/// percent-decoding, OSRM's URL grammar and the encoded polyline.
final class ServeRequestParsingTests: XCTestCase {
    private let parser = HTTPRequestParser(limits: HTTPLimits())

    private func parse(_ text: String) -> (HTTPRequestParser.Outcome, HTTPRequest?) {
        parse(Array(text.utf8))
    }

    private func parse(_ bytes: [UInt8]) -> (HTTPRequestParser.Outcome, HTTPRequest?) {
        var request: HTTPRequest?
        let outcome = parser.parse(bytes, request: &request)
        return (outcome, request)
    }

    func testReadsARequestAndLeavesThePipelinedNextOne() throws {
        let first = "GET /route/v1/driving/1,2;3,4?steps=true HTTP/1.1\r\nHost: x\r\nUser-Agent: t\r\n\r\n"
        let (outcome, request) = parse(first + "GET /status HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(outcome, .request(consumed: first.utf8.count))
        XCTAssertEqual(request?.target, "/route/v1/driving/1,2;3,4?steps=true")
        XCTAssertEqual(request?.header("user-agent"), "t")
        XCTAssertEqual(request?.keepAlive, true)
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").1?.keepAlive, false)
        XCTAssertEqual(parse("GET / HTTP/1.0\r\n\r\n").1?.keepAlive, false)
        XCTAssertEqual(parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").1?.keepAlive, true)
        XCTAssertEqual(parse("GET /status HTTP/1.1\r\nHost: x\r\n").0, .incomplete)
        let body = parse("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET")
        XCTAssertEqual(body.0, .request(consumed: 51))
        XCTAssertEqual(body.1?.body, Array("abc".utf8))
    }

    /// Empty lines before a request (after a body, between pipelined requests) are passed over,
    /// however many (RFC 9112 2.2); only empty lines wait for more.
    func testEmptyLinesBeforeARequestArePassedOver() {
        let request = "GET /status HTTP/1.1\r\nHost: x\r\n\r\n"
        for blank in ["\r\n", "\r\n\r\n", "\r\n\r\n\r\n", "\n\n"] {
            let (outcome, parsed) = parse(blank + request)
            XCTAssertEqual(outcome, .request(consumed: (blank + request).utf8.count), blank.debugDescription)
            XCTAssertEqual(parsed?.target, "/status", blank.debugDescription)
        }
        XCTAssertEqual(parse("\r\n\r\n").0, .incomplete)
        // As many as a head may take (128 KB) pass; more are refused, saying so (a request follows).
        XCTAssertEqual(parse(String(repeating: "\r\n", count: 65_536) + request).1?.target, "/status")
        let (refused, _) = parse(String(repeating: "\r\n", count: 70_000) + request)
        XCTAssertEqual(refused, .refused(status: 400, message: "more than 128 KB of empty lines before the request line; send the request without them"))
    }

    /// RFC 9112 3.2: an HTTP/1.1 request names its host, once; HTTP/1.0 may leave it out.
    func testAnHTTP11RequestNeedsOneHostHeader() {
        let (missing, _) = parse("GET /status HTTP/1.1\r\nUser-Agent: t\r\n\r\n")
        XCTAssertEqual(missing, .refused(status: 400, message: "an HTTP/1.1 request needs a Host header naming the server"))
        XCTAssertEqual(status(parse("GET /status HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n").0), 400)
        XCTAssertEqual(status(parse("GET /status HTTP/1.0\r\nHost: a\r\nHOST: b\r\n\r\n").0), 400)
        XCTAssertEqual(parse("GET /status HTTP/1.0\r\n\r\n").1?.target, "/status")
        XCTAssertEqual(parse("GET /status HTTP/1.1\r\nhost:\r\n\r\n").1?.target, "/status", "an empty Host is a Host")
    }

    /// `Expect: 100-continue`: once the head is taken, its client is told to send the body
    /// (which it holds back until then); HTTP/1.0 has no 100 Continue, and a body too large is
    /// refused at once.
    func testABodyExpectingContinueIsAskedFor() {
        let head = "POST /status HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\nContent-Length: 5\r\n\r\n"
        XCTAssertEqual(parse(head).0, .continueExpected)
        XCTAssertEqual(parse(head + "ab").0, .continueExpected)
        XCTAssertEqual(parse(head + "hello").0, .request(consumed: head.utf8.count + 5))
        XCTAssertEqual(parse(head.replacingOccurrences(of: "HTTP/1.1", with: "HTTP/1.0")).0, .incomplete)
        XCTAssertEqual(parse(head.replacingOccurrences(of: "Expect: 100-Continue\r\n", with: "")).0, .incomplete)
        XCTAssertEqual(status(parse(head.replacingOccurrences(of: "5", with: "5000000")).0), 413)
    }

    func testHostileSizesAreRefusedBeforeTheyArrive() {
        // A header that never ends: refused once it passes the limit, not read to its end.
        let hugeHeader = Array("GET / HTTP/1.1\r\nX-Big: ".utf8) + [UInt8](repeating: 97, count: 200_000)
        XCTAssertEqual(status(parse(hugeHeader).0), 431)
        XCTAssertEqual(status(parse("POST /status HTTP/1.1\r\nContent-Length: 1000000000\r\n\r\n").0), 413)
        // 100,000 places in one URL, still arriving: 414 at once.
        let places = Array(repeating: "24.940000,60.170000", count: 100_000).joined(separator: ";")
        XCTAssertEqual(status(parse("GET /route/v1/driving/" + places).0), 414)
        XCTAssertEqual(status(parse("GET /route/v1/driving/" + places + " HTTP/1.1\r\n\r\n").0), 414)
        XCTAssertEqual(status(parse("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").0), 411)
        XCTAssertEqual(status(parse("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n").0), 400)
        XCTAssertEqual(status(parse("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n").0), 400)
        XCTAssertEqual(status(parse("GET /\u{1b}[2J HTTP/1.1\r\n\r\n").0), 400)
        XCTAssertEqual(status(parse("GET / HTTP/2.0\r\n\r\n").0), 400)
        XCTAssertEqual(status(parse("get / HTTP/1.1\r\n\r\n").0), 400)
        XCTAssertEqual(status(parse("GET / HTTP/1.1\r\nno colon\r\n\r\n").0), 400)
        let manyHeaders = "GET / HTTP/1.1\r\n" + String(repeating: "A: b\r\n", count: 200) + "\r\n"
        XCTAssertEqual(status(parse(manyHeaders).0), 431)
    }

    private func status(_ outcome: HTTPRequestParser.Outcome) -> Int? {
        if case .refused(let status, _) = outcome { return status }
        return nil
    }

    func testPercentDecodingAndItsErrors() throws {
        let target = try RequestTarget("/search?q=Annankatu+25%2C%20Helsinki&format=jsonv2&q=%C3%A4")
        XCTAssertEqual(target.path, "/search")
        XCTAssertEqual(target.query.first?.value, "Annankatu 25, Helsinki")
        XCTAssertEqual(target.value("q"), "ä")
        XCTAssertEqual(try RequestTarget("/route/v1/driving/1,2%3B3,4").path, "/route/v1/driving/1,2;3,4")
        for bad in ["/search?q=%zz", "/search?q=%4", "/a%", "/search?q=%FF%FE", "/x?%C3=1"] {
            XCTAssertThrowsError(try RequestTarget(bad), bad)
        }
    }

    private func query(_ target: String, max: Int = 201) throws -> OSRMQuery {
        let t = try RequestTarget(target)
        return try OSRMQuery(path: t.path, query: t.query, maxCoordinates: max)
    }

    private func code(_ target: String, max: Int = 201) -> String? {
        do {
            _ = try query(target, max: max)
            return nil
        } catch let failure as OSRMQuery.Failure {
            return failure.code
        } catch {
            return "\(error)"
        }
    }

    /// A hostile value is quoted cut short, not echoed whole (50-80 KB error lines).
    func testRefusalsQuoteALongValueCutShort() {
        for target in ["/route/v1/driving/181." + String(repeating: "0", count: 50_000) + ",0;1,1",
                       "/route/v1/driving/1,2;3,4?exclude=" + String(repeating: "A", count: 80_000),
                       "/route/v1/" + String(repeating: "A", count: 20_000) + "/1,2;3,4",
                       "/route/" + String(repeating: "A", count: 20_000) + "/driving/1,2;3,4",
                       "/" + String(repeating: "A", count: 20_000) + "/v1/driving/1,2;3,4"] {
            do {
                _ = try query(target)
                XCTFail("accepted")
            } catch let failure as OSRMQuery.Failure {
                XCTAssertLessThan(failure.message.count, 200, failure.message.prefix(100).description)
            } catch {
                XCTFail("\(error)")
            }
        }
    }

    func testOSRMURLsAndOptions() throws {
        let q = try query("/route/v1/foot/24.94,60.17;24.95,60.16.json?steps=true&overview=full&geometries=polyline6&alternatives=2&annotations=distance,speed&exclude=toll&radiuses=50;unlimited&bearings=10,20;&approaches=curb;unrestricted")
        XCTAssertEqual(q.service, .route)
        XCTAssertEqual(q.profile, .walk)
        XCTAssertEqual(q.coordinates, [Coordinate(latitude: 60.17, longitude: 24.94), Coordinate(latitude: 60.16, longitude: 24.95)])
        XCTAssertEqual(q.steps, true)
        XCTAssertEqual(q.overview, .full)
        XCTAssertEqual(q.geometries, .polyline6)
        XCTAssertEqual(q.alternatives, 2)
        XCTAssertEqual(q.annotations, ["distance", "speed"])
        XCTAssertEqual(q.exclude, .toll)
        XCTAssertEqual(q.radiuses, [50, nil])
        XCTAssertEqual(q.approaches, [.curb, .unrestricted])
        XCTAssertEqual(try query("/route/v1/driving/1,2;3,4?approaches=;opposite").approaches, [nil, .opposite])
        let line = EncodedPolyline.encode([Coordinate(latitude: 60.17, longitude: 24.94), Coordinate(latitude: 60.16, longitude: 24.95)])
        XCTAssertEqual(try query("/table/v1/car/polyline(\(line))?sources=0&destinations=all").coordinates.count, 2)
        XCTAssertEqual(try query("/trip/v1/bike/1,2;3,4;5,6?roundtrip=true&source=first").profile, .bike)

        XCTAssertEqual(code("/route/v1/driving/24.94,60.17"), "InvalidOptions")
        XCTAssertEqual(code("/route/v1/driving/24.94,60.17;x,y"), "InvalidUrl")
        XCTAssertEqual(code("/route/v1/driving/24.94,60.17;200,60"), "InvalidValue")
        XCTAssertEqual(code("/route/v1/plane/1,2;3,4"), "InvalidUrl")
        XCTAssertEqual(code("/fly/v1/driving/1,2;3,4"), "InvalidService")
        XCTAssertEqual(code("/route/v9/driving/1,2;3,4"), "InvalidVersion")
        XCTAssertEqual(code("/route/v1/driving/1,2;3,4?overview=some"), "InvalidOptions")
        XCTAssertEqual(code("/route/v1/driving/1,2;3,4?radiuses=5"), "InvalidOptions")
        XCTAssertEqual(code("/route/v1/driving/1,2;3,4?bearings=400,10;"), "InvalidOptions")
        XCTAssertEqual(code("/route/v1/driving/1,2;3,4?exclude=bridges"), "InvalidValue")
        XCTAssertEqual(code("/route/v1/driving/1,2;3,4?approaches=curb"), "InvalidOptions")
        XCTAssertEqual(code("/route/v1/driving/1,2;3,4?approaches=curb;sideways"), "InvalidOptions")
        XCTAssertEqual(code("/route/v1/driving/1,2;3,4?number=3"), "InvalidUrl")
        XCTAssertEqual(code("/nearest/v1/driving/1,2;3,4"), "InvalidOptions")
        XCTAssertEqual(code("/table/v1/driving/1,2;3,4?sources=2"), "InvalidOptions")
        XCTAssertEqual(code("/table/v1/driving/1,2;3,4?fallback_coordinate=ZZZZ"), "InvalidOptions")
        XCTAssertNil(code("/table/v1/driving/1,2;3,4?fallback_coordinate=snapped&fallback_speed=10"))
        XCTAssertEqual(code("/route/v1/driving/polyline(!!)"), "InvalidUrl")
        // Counted before any coordinate is read.
        let many = Array(repeating: "24.94,60.17", count: 20_000).joined(separator: ";")
        XCTAssertEqual(code("/table/v1/driving/" + many), "TooBig")
    }

    /// Nominatim's viewbox as Nominatim 5.3 refuses it: four numbers, a box with width and
    /// height; and a corner off the globe. Its numbers are read as `/reverse`'s lat and lon.
    func testViewboxesAndNominatimNumbers() throws {
        func message(_ text: String) -> String? {
            do {
                _ = try NominatimSearchFilter.viewbox(text)
                return nil
            } catch let failure as NominatimService.Failure {
                return failure.message
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(try NominatimSearchFilter.viewbox("24.96, 60.18,24.93,60.16"),
                       BoundingBox(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.18, maxLongitude: 24.96))
        XCTAssertEqual(message("24.93,60.16,24.93,60.16")?.hasPrefix("Bounding box with invalid parameters"), true)
        XCTAssertEqual(message("24.93,60.16,24.96,60.16")?.hasPrefix("Bounding box with invalid parameters"), true)
        XCTAssertEqual(message("24,93,60,16")?.hasPrefix("Bounding box with invalid parameters"), true, "latitude 93")
        XCTAssertEqual(message("24,-60,181,16")?.hasPrefix("Bounding box with invalid parameters"), true, "longitude 181")
        XCTAssertEqual(message("0x18.EE,60.16,24.96,60.18")?.hasPrefix("Bounding box parameter needs to be numbers"), true)
        XCTAssertEqual(message("24.93,60.16,,60.18")?.hasPrefix("Bounding box parameter needs to be numbers"), true)
        XCTAssertEqual(message("1,2,3"), "Bounding box parameter needs 4 coordinates.")
        // One rule for lat, lon and the viewbox: decimal, a sign allowed, spaces around ignored.
        for (text, value) in [(" 60.17", 60.17), ("+60.17", 60.17), ("-0.5 ", -0.5), ("6.017e1", 60.17)] {
            XCTAssertEqual(NominatimService.number(text), value, text)
        }
        for text in ["0x3C", "inf", "nan", "6 0", "++60", ""] { XCTAssertNil(NominatimService.number(text), text) }
        XCTAssertEqual(try RequestTarget("/reverse?lat=+60.17").value("lat").flatMap(NominatimService.number), 60.17)
        XCTAssertNotNil(try? NominatimSearchFilter.viewbox(try RequestTarget("/search?viewbox=+24.93,60.16,24.96,+60.18").value("viewbox")!))
    }

    /// Google's published example, and a round trip at both precisions.
    func testEncodedPolyline() throws {
        let points = [Coordinate(latitude: 38.5, longitude: -120.2), Coordinate(latitude: 40.7, longitude: -120.95),
                      Coordinate(latitude: 43.252, longitude: -126.453)]
        XCTAssertEqual(EncodedPolyline.encode(points), "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        XCTAssertEqual(EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@"), points)
        let precise = [Coordinate(latitude: 60.170997, longitude: 24.941243), Coordinate(latitude: -33.868820, longitude: 151.209296)]
        XCTAssertEqual(EncodedPolyline.decode(EncodedPolyline.encode(precise, precision: 6), precision: 6), precise)
        XCTAssertNil(EncodedPolyline.decode("_p~iF~ps|U_"))
        XCTAssertNil(EncodedPolyline.decode("_p~iF \u{7f}"))
    }
}
