import Foundation
import StorageSimulator
import Testing

@testable import StorageEmulator

/// The emulator's strict decoding of paths and queries, and the log line's time.
@Suite struct RequestDecodingTests {
    @Test(arguments: [
        ("a%2Fb%20c", "a/b c"), ("plain", "plain"), ("%C3%A9", "é"), ("a+b", "a+b"), ("", ""),
        ("%e2%9c%93", "✓"),
    ])
    func percentDecoding(encoded: String, decoded: String) {
        #expect(PercentEncoding.decode(encoded) == decoded)
        #expect(PercentEncoding.decode(Substring("x" + encoded).dropFirst()) == decoded)
    }

    @Test(arguments: ["%", "%2", "%G0", "a%2", "%FF", "%C3"])
    func malformedPercentEncodingIsNil(encoded: String) {
        #expect(PercentEncoding.decode(encoded) == nil)
    }

    @Test func queriesDecodePlusAsSpaceAndRefuseBadEncodings() throws {
        let query = try QueryParameters("name=a+b%2Bc&prefix=&flag")
        #expect(query["name"] == "a b+c")
        #expect(query["prefix"] == "")
        #expect(query.contains("flag"))
        #expect(throws: EmulatorHTTPError.self) { try QueryParameters("name=%zz") }
        #expect(throws: EmulatorHTTPError.self) { try ObjectAddress(path: "/v0/b/b/o/a%2") }
        #expect(try ObjectAddress(path: "/v0/b/my%2Dbucket/o/a%2Fb").name == "a/b")
    }

    @Test(arguments: [
        (Duration.zero, "0.00ms"), (.microseconds(4), "0.00ms"), (.microseconds(5), "0.01ms"),
        (.microseconds(410), "0.41ms"), (.microseconds(12_345), "12.35ms"), (.seconds(2), "2000.00ms"),
    ])
    func logLineMilliseconds(duration: Duration, text: String) {
        #expect(RequestLogLine.milliseconds(duration) == text)
    }
}
