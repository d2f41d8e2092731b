import Testing

@testable import StorageEmulator

/// What each GCS JSON API path addresses, parsed from the raw request path.
@Suite struct CloudStoragePathTests {
    static let cases: [(path: String, expected: CloudStoragePath?)] = [
        ("/b", .buckets),
        ("/storage/v1/b", .buckets),
        ("/storage/v1/b/bkt", .bucket("bkt")),
        ("/b/bkt/o", .objects(bucket: "bkt")),
        ("/storage/v1/b/bkt/o/a%2Fb%20c", .object(bucket: "bkt", name: "a/b c")),
        ("/b/bkt/o/a/b/c", .object(bucket: "bkt", name: "a/b/c")),
        ("/b/bkt/o/%2E%2E%2Fup", .object(bucket: "bkt", name: "../up")),
        ("/b/bkt/o/obj/acl", .acl(bucket: "bkt", name: "obj")),
        ("/storage/v1/b/s/o/a%2Fb/copyTo/b/d/o/c%2Fd",
         .copy(bucket: "s", name: "a/b", toBucket: "d", toName: "c/d", rewrite: false)),
        ("/b/s/o/x/rewriteTo/b/d/o/y", .copy(bucket: "s", name: "x", toBucket: "d", toName: "y", rewrite: true)),
        ("/upload/storage/v1/b/bkt/o", .upload(bucket: "bkt")),
        ("/download/storage/v1/b/bkt/o/a%2Fb", .download(bucket: "bkt", name: "a/b")),
        ("/upload/storage/v1/b/bkt/o/extra", nil),
        ("/b/bkt/x/y", nil),
        ("/v0/b/bkt/o/x", nil),
        ("/bkt/some/object", nil),
    ]

    @Test(arguments: cases)
    func parses(path: String, expected: CloudStoragePath?) throws {
        #expect(try CloudStoragePath.parse(path) == expected, "\(path)")
    }

    @Test(arguments: ["/b/bkt/o/%ZZ", "/b/bkt/o/a%00b", "/storage/v1/b/%E0%A4/o"])
    func refusesBadEncodingAndNUL(path: String) {
        #expect(throws: EmulatorHTTPError.self) { try CloudStoragePath.parse(path) }
    }

    @Test func contentRangeHeaders() throws {
        let chunk = try ContentRange("bytes 0-5/*", bodyCount: 6)
        #expect(chunk.first == 0 && chunk.total == nil && !chunk.isQuery)
        let last = try ContentRange("bytes 6-10/11", bodyCount: 5)
        #expect(last.first == 6 && last.total == 11)
        let query = try ContentRange("bytes */11", bodyCount: 0)
        #expect(query.first == nil && query.total == 11 && query.isQuery)
        let absent = try ContentRange(nil, bodyCount: 3)
        #expect(absent.first == nil && absent.total == nil && !absent.isQuery)
        for bad in ["bytes 0-5/*", "bytes 5-0/*", "items 0-1/2", "bytes 0-1", "bytes a-b/*", "bytes 0-1/x"] {
            #expect(throws: EmulatorHTTPError.self, "\(bad)") { try ContentRange(bad, bodyCount: bad == "bytes 0-5/*" ? 5 : 2) }
        }
    }
}
