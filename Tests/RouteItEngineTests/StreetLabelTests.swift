import XCTest
@testable import RouteItEngine

/// Name and ref compared as OSRM's `requiresNameAnnounced` does.
final class StreetLabelTests: XCTestCase {
    private func label(_ name: String, _ ref: String = "") -> StreetLabel { StreetLabel(name: name, ref: ref) }

    func testAStreetKeepingItsRefOrItsNameIsNoNews() {
        // The ref stays while a name appears or goes.
        XCTAssertFalse(label("", "A 500").requiresAnnouncement(onto: label("Tunnel de Monaco", "A 500")))
        XCTAssertFalse(label("Route de Laghet", "D 2204 A").requiresAnnouncement(onto: label("", "D 2204 A")))
        // The name stays while the ref changes.
        XCTAssertFalse(label("Route de Laghet", "M 2204 A").requiresAnnouncement(onto: label("Route de Laghet", "D 2204 A")))
        // One name is the start of the other, or they differ by a compass suffix only.
        XCTAssertFalse(label("Mannerheimintie").requiresAnnouncement(onto: label("Mannerheimintie (bridge)")))
        XCTAssertFalse(label("Main Street").requiresAnnouncement(onto: label("West Main Street")))
        XCTAssertFalse(label("Kaivokatu").requiresAnnouncement(onto: label("")), "a name that ends is no news")
    }

    func testAnotherStreetIsNews() {
        XCTAssertTrue(label("Tunnel de Monaco", "A 500").requiresAnnouncement(onto: label("Bretelle de Monaco", "A 500")))
        XCTAssertTrue(label("Kaivokatu").requiresAnnouncement(onto: label("Mikonkatu")))
        XCTAssertTrue(label("").requiresAnnouncement(onto: label("", "A 500")), "from nothing onto a ref")
        XCTAssertTrue(label("", "A 500").requiresAnnouncement(onto: label("Kaivokatu")), "a ref-only road onto a name-only one")
        XCTAssertTrue(label("Kaivokatu").requiresAnnouncement(onto: label("", "E 18")), "a name-only road onto a ref-only one")
        XCTAssertTrue(label("", "A 500").requiresAnnouncement(onto: label("", "A 8")), "unnamed roads whose ref changes")
    }

    func testSameStreetNeedsANameOrRefOnBothSides() {
        XCTAssertTrue(label("", "A 500").isSameStreet(as: label("Tunnel de Monaco", "A 500")))
        XCTAssertFalse(label("").isSameStreet(as: label("")))
        XCTAssertFalse(label("Kaivokatu").isSameStreet(as: label("")))
    }

    func testCompassWordsAroundTheSameNameInAnyScript() {
        XCTAssertTrue(StreetLabel.differOnlyBySuffix("Jääkärinkatu", "Jääkärinkatu N"))
        XCTAssertTrue(StreetLabel.differOnlyBySuffix("North Töölöntie South", "töölöntie"), "any case, before and after")
        XCTAssertTrue(StreetLabel.differOnlyBySuffix(" Main Street  ", "Main Street"), "spaces alone")
        XCTAssertFalse(StreetLabel.differOnlyBySuffix("Töölönkatu", "Töölönkatu Pohjoinen"), "a word that is no compass point")
        XCTAssertFalse(StreetLabel.differOnlyBySuffix("Jääkärinkatu", "Jäähallintie"), "a shared start of other names")
        XCTAssertFalse(StreetLabel.differOnlyBySuffix("Main Road", "Main Roadway"), "letters that are no compass point")
        XCTAssertTrue(StreetLabel.differOnlyBySuffix("", " "), "nothing either side")
        XCTAssertFalse(StreetLabel.differOnlyBySuffix("", "Kaivokatu"))
    }

    /// ASCII names are lowercased byte by byte, others scalar by scalar: the same bytes as
    /// `lowercased()` (one scalar into two, a final sigma, titlecase, combining accents).
    func testNamesAreLowercasedAsLowercasedDoes() {
        for name in ["Boulevard Albert 1er [MC]", "AZaz@[`{", "Töölöntie ÄÖ", "İstiklal Caddesi", "",
                     "ÉGLISE SAINTE-DÉVOTE", "E\u{301}glise", "ΟΔΟΣ ΑΘΗΝΩΝ", "Σ", "Straße STRASSE", "ǅUR ǄAR",
                     "УЛИЦА Ленина", "ﬀ ＡＢＣ 東京", "Ⅻ Ⓐ 𐐀"] {
            XCTAssertEqual(StreetLabel.lowercasedBytes(name), Array(name.lowercased().utf8), name)
        }
    }
}
