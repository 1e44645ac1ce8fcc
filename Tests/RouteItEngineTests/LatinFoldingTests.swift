import Foundation
import XCTest
import RouteItCore
@testable import RouteItEngine

/// `TextFolding.words` and `fold` take a path without Foundation for ASCII and Latin letters; they
/// must give Foundation's answers exactly, or the import's keys would stop matching the queries'.
final class LatinFoldingTests: XCTestCase {
    func testEveryTableEntryIsFoundationsFolding() {
        for (i, entry) in LatinFolding.table.enumerated() {
            let scalar = Unicode.Scalar(LatinFolding.first + UInt32(i))!
            let foundation = TextFolding.foundationFold(String(Character(scalar)))
            let asciiLetters = !foundation.isEmpty && foundation.unicodeScalars.allSatisfy {
                $0.isASCII && CharacterSet.alphanumerics.contains($0)
            }
            XCTAssertEqual(entry.description, asciiLetters ? foundation : "", "U+\(String(scalar.value, radix: 16))")
        }
    }

    func testWordsOfEveryCharacterAmongOthersAreFoundations() {
        for value in UInt32(0)...0x24F {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let c = String(Character(scalar))
            for text in [c, "Ab\(c)cD 12\(c)3-4/ \(c)x", "14-20\(c)", "\(c)\(c)Töölö 3/5-"] {
                XCTAssertEqual(TextFolding.words(text), TextFolding.foundationWords(text), "U+\(String(value, radix: 16)) in \(text)")
                XCTAssertEqual(TextFolding.fold(text), TextFolding.foundationFold(text), "U+\(String(value, radix: 16)) in \(text)")
            }
        }
    }

    func testNamesAndRandomMixesAreFoundations() {
        var names = ["Töölönlahdenkatu", "TOOLONLAHDENKATU", "Mannerheimintie 1", "Åggelby", "Straße 12-14/3", "Crème Brûlée",
                     "Ærø", "Łódź", "Øresund", "Monte-Carlo", "Boulevard des Moulins, 98000", "Ka\u{0308}mp", "Ｈｅｌｓｉｎｋｉ", "İstanbul",
                     "3/", "-12-", "12--3", "a-1", "1-a", "ǅemal", "ŉ", ""]
        var rng = SeededRandom(seed: 9)
        let alphabet = Array("aZ09 -/,.äÄöÖåÅéßøŁœĳ\u{0301}\tḊ")
        for _ in 0..<2000 {
            names.append(String((0..<Int(rng.next() % 16)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }))
        }
        for name in names {
            XCTAssertEqual(TextFolding.words(name), TextFolding.foundationWords(name), name)
            XCTAssertEqual(TextFolding.fold(name), TextFolding.foundationFold(name), name)
        }
        XCTAssertNotNil(LatinFolding.words("Töölönlahdenkatu 3-5"))  // the Finnish names take the fast path
        XCTAssertNil(LatinFolding.words("Øresund"))
    }
}
