import Testing

@testable import StorageSimulator

@Suite("Object attributes")
struct ObjectAttributesTests {
    @Test("each attribute reads back what was set, and the others stay unset")
    func fieldsReadBack() {
        let setters: [(String, (inout ObjectAttributes) -> Void)] = [
            ("contentType", { $0.contentType = "image/png" }),
            ("cacheControl", { $0.cacheControl = "no-store" }),
            ("contentDisposition", { $0.contentDisposition = "inline" }),
            ("contentEncoding", { $0.contentEncoding = "gzip" }),
            ("contentLanguage", { $0.contentLanguage = "fr" }),
            ("customMetadata", { $0.customMetadata = [:] }),
        ]
        for (name, set) in setters {
            var attributes = ObjectAttributes()
            set(&attributes)
            let read: [String: Bool] = [
                "contentType": attributes.contentType == "image/png",
                "cacheControl": attributes.cacheControl == "no-store",
                "contentDisposition": attributes.contentDisposition == "inline",
                "contentEncoding": attributes.contentEncoding == "gzip",
                "contentLanguage": attributes.contentLanguage == "fr",
                "customMetadata": attributes.customMetadata == [:],
            ]
            #expect(read.filter(\.value).map(\.key) == [name], "setting \(name)")
            #expect(attributes != ObjectAttributes(), "setting \(name)")
        }
    }

    @Test("a copy keeps its attributes when the original changes")
    func copiesAreIndependent() {
        var original = ObjectAttributes(contentType: "text/plain", customMetadata: ["k": "v"])
        let copy = original
        original.contentType = "image/png"
        original.customMetadata?["k"] = "w"
        #expect(copy.contentType == "text/plain")
        #expect(copy.customMetadata == ["k": "v"])
        #expect(original.contentType == "image/png")
        #expect(original.customMetadata == ["k": "w"])

        // Changed in turn, a copy and its original each keep their own.
        var second = original
        second.contentLanguage = "fr"
        original.contentEncoding = "gzip"
        second.contentEncoding = "br"
        #expect(original == ObjectAttributes(contentType: "image/png", contentEncoding: "gzip", customMetadata: ["k": "w"]))
        #expect(
            second
                == ObjectAttributes(
                    contentType: "image/png", contentEncoding: "br", contentLanguage: "fr", customMetadata: ["k": "w"]))
        #expect(copy == ObjectAttributes(contentType: "text/plain", customMetadata: ["k": "v"]))
    }

    @Test("equal attributes are equal and hash alike however they were built")
    func equalityIgnoresHowTheyWereBuilt() {
        var cleared = ObjectAttributes(contentType: "a")
        cleared.contentType = nil
        #expect(cleared == ObjectAttributes())
        #expect(cleared.hashValue == ObjectAttributes().hashValue)

        var assembled = ObjectAttributes()
        assembled.cacheControl = "no-cache"
        assembled.customMetadata = ["x": "1"]
        let given = ObjectAttributes(cacheControl: "no-cache", customMetadata: ["x": "1"])
        #expect(assembled == given)
        #expect(assembled.hashValue == given.hashValue)
        #expect(Set([assembled, given, cleared]).count == 2)

        #expect(ObjectAttributes(customMetadata: nil) != ObjectAttributes(customMetadata: [:]))
        #expect(ObjectAttributes(contentType: "a") != ObjectAttributes(contentLanguage: "a"))
    }

    @Test("attributes print as their six fields")
    func description() {
        #expect(
            String(describing: ObjectAttributes(contentType: "a/b", customMetadata: ["k": "v"]))
                == #"ObjectAttributes(contentType: Optional("a/b"), cacheControl: nil, contentDisposition: nil, "#
                + #"contentEncoding: nil, contentLanguage: nil, customMetadata: Optional(["k": "v"]))"#)
        #expect(
            String(describing: ObjectAttributes())
                == "ObjectAttributes(contentType: nil, cacheControl: nil, contentDisposition: nil, "
                + "contentEncoding: nil, contentLanguage: nil, customMetadata: nil)")
    }
}
