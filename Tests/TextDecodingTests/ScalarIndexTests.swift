import TestSupport
import Testing
import TextDecoding

@Suite("Scalar index")
struct ScalarIndexTests {
    /// Checks `index` against byte offsets computed the slow way, at random scalars.
    func checkRoundTrips(_ decoded: DecodedText, samples: Int, seed: UInt64) {
        let starts = Reference.scalarStarts(decoded.utf8)
        #expect(starts.count == decoded.scalarCount + 1)
        var rng = SplitMix64(state: seed)
        let index = decoded.index
        var scalars = [0, decoded.scalarCount, min(1023, decoded.scalarCount), min(1024, decoded.scalarCount)]
        for _ in 0..<samples { scalars.append(Int.random(in: 0...decoded.scalarCount, using: &rng)) }
        for scalar in scalars {
            let byte = index.byteOffset(ofScalar: scalar)
            #expect(byte == starts[scalar], "scalar \(scalar)")
            #expect(index.scalarOffset(ofByte: byte) == scalar, "byte \(byte)")
        }
    }

    @Test("round-trips at random offsets in every corpus book", arguments: corpusBooks)
    func corpusRoundTrips(_ book: CorpusBook) throws {
        let decoded = try TextDecoder.decodeFile(atPath: SharedData.corpus(book.file))
        checkRoundTrips(decoded, samples: 300, seed: UInt64(book.scalars))
    }

    @Test("round-trips in mixed text with 1- to 4-byte scalars, CRLF and a BOM")
    func mixedText() throws {
        var text = ""
        var rng = SplitMix64(state: 42)
        let pieces = ["a", "Zürich ", "中文", "ひらがな", "🐈", "𠀀", "\r\n", "\r", "—", " "]
        for _ in 0..<5000 { text += pieces.randomElement(using: &rng)! }
        let decoded = try TextDecoder.decode([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        checkRoundTrips(decoded, samples: 2000, seed: 7)
    }

    @Test("a byte inside a scalar rounds down to that scalar; out-of-range offsets clamp")
    func roundingAndClamping() throws {
        let decoded = try TextDecoder.decode(Array("a中b".utf8))  // bytes: a, E4 B8 AD, b
        let index = decoded.index
        #expect(index.scalarOffset(ofByte: 1) == 1)
        #expect(index.scalarOffset(ofByte: 2) == 1)
        #expect(index.scalarOffset(ofByte: 3) == 1)
        #expect(index.scalarOffset(ofByte: 4) == 2)
        #expect(index.scalarOffset(ofByte: 5) == 3)
        #expect(index.scalarOffset(ofByte: 99) == 3)
        #expect(index.scalarOffset(ofByte: -1) == 0)
        #expect(index.byteOffset(ofScalar: 3) == 5)
        #expect(index.byteOffset(ofScalar: 99) == 5)
        #expect(index.byteOffset(ofScalar: -5) == 0)
    }

    @Test("the index built while decoding equals one built from the bytes alone")
    func standaloneIndex() throws {
        let decoded = try TextDecoder.decodeFile(atPath: SharedData.corpus("zh_cao_xueqin_hongloumeng.txt"))
        let rebuilt = ScalarIndex(utf8: decoded.utf8)
        #expect(rebuilt.scalarCount == decoded.scalarCount)
        var rng = SplitMix64(state: 3)
        for _ in 0..<200 {
            let scalar = Int.random(in: 0...decoded.scalarCount, using: &rng)
            #expect(rebuilt.byteOffset(ofScalar: scalar) == decoded.index.byteOffset(ofScalar: scalar))
        }
    }
}
