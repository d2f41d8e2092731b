import Foundation
import RulesEngine
import FuzzSupport
import Testing

@testable import StorageSimulator

/// Random admin and SDK operations under open rules, each checked against
/// a dictionary model of the bucket: the objects, their bytes and metadata,
/// and complete listings (storage-service.md §2).
@Suite("Bucket against a dictionary model")
struct BucketModelTests {
    /// What the model remembers of one object.
    struct ModelObject: Equatable {
        var bytes: [UInt8]
        var contentType: String?
        var cacheControl: String?
        var contentDisposition: String?
        var contentEncoding: String?
        var contentLanguage: String?
        var custom: [String: String]
        var generation: Int64
        var metageneration: Int64
    }

    /// The model: objects by the UTF-8 bytes of their names (so `é` and
    /// `e` + U+0301 stay apart, as they do in a bucket).
    struct Model {
        var objects: [[UInt8]: ModelObject] = [:]
        var lastGeneration: Int64 = 0

        var sortedNames: [[UInt8]] { objects.keys.sorted { $0.lexicographicallyPrecedes($1) } }

        /// `(items, prefixes)` of the SDK listing of a folder, raw names in byte order.
        func listing(folder: [UInt8]) -> (items: [[UInt8]], prefixes: [[UInt8]]) {
            let prefix = folder.isEmpty ? [] : folder + [0x2F]
            var items: [[UInt8]] = []
            var prefixes: [[UInt8]] = []
            for name in sortedNames where name.starts(with: prefix) {
                let rest = name[prefix.count...]
                if let slash = rest.firstIndex(of: 0x2F) {
                    let rolled = Array(name[...slash])
                    if prefixes.last != rolled, Self.isListable(Array(rolled.dropLast())) { prefixes.append(rolled) }
                } else if Self.isListable(name) {
                    items.append(name)
                }
            }
            return (items, prefixes)
        }

        /// §2 step 9: after dropping one leading `/`, non-empty with no empty segment.
        static func isListable(_ name: [UInt8]) -> Bool {
            let body = name.first == 0x2F ? Array(name.dropFirst()) : name
            return !body.isEmpty && !body.split(separator: 0x2F, omittingEmptySubsequences: false).contains { $0.isEmpty }
        }
    }

    /// The SDK's reference path: empty segments dropped (split on the `/` byte).
    static func normalized(_ name: [UInt8]) -> [UInt8] {
        Array(name.split(separator: 0x2F).joined(separator: [0x2F]))
    }

    static func isValid(_ name: [UInt8]) -> Bool {
        (1...1024).contains(name.count) && !name.contains(0x0A) && !name.contains(0x0D)
    }

    static let parts = ["a", "b", "é", "e\u{301}", "\u{301}", "日本", "😀", "/", "//", "x", " "]
    static let specialNames = [
        "z", String(repeating: "a", count: 1024), String(repeating: "é", count: 512), String(repeating: "a", count: 1023) + "/",
        String(repeating: "b", count: 1025), "", "a\nb", "c\rd", "/", "//", "a/", "/a", "a//b",
    ]
    static let folders = ["", "a", "b", "é", "a/b", "x", "/", "a/", "e\u{301}", "a//", "\u{301}"]

    static func randomName(_ random: inout SplitMix64) -> String {
        if Int.random(in: 0..<10, using: &random) == 0 { return specialNames.randomElement(using: &random)! }
        var name = (0...Int.random(in: 0...3, using: &random)).map { _ in parts.randomElement(using: &random)! }.joined()
        if Int.random(in: 0..<8, using: &random) == 0 { name += "/" }
        return name
    }

    static func randomOptional(_ values: [String], _ random: inout SplitMix64) -> String? {
        Int.random(in: 0..<3, using: &random) == 0 ? nil : values.randomElement(using: &random)
    }

    static func randomCustom(_ random: inout SplitMix64) -> [String: String]? {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return nil
        case 1: return [:]
        default: return [["k", "é", "x y"].randomElement(using: &random)!: ["1", "v", ""].randomElement(using: &random)!]
        }
    }

    static func randomPatch(_ random: inout SplitMix64) -> MetadataPatch {
        func change(_ values: [String]) -> MetadataPatch.Change? {
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return nil
            case 1: return .delete
            default: return .set(values.randomElement(using: &random)!)
            }
        }
        var patch = MetadataPatch(contentType: change(["text/plain", "image/png"]), cacheControl: change(["no-cache"]))
        patch.contentLanguage = change(["en", "fr"])
        switch Int.random(in: 0..<4, using: &random) {
        case 0: patch.customMetadata = .deleteAll
        case 1: patch.customMetadata = .merge(["k": Bool.random(using: &random) ? "2" : nil, "new": "n"])
        default: break
        }
        return patch
    }

    static func apply(_ patch: MetadataPatch, to object: inout ModelObject) {
        func change(_ field: inout String?, _ change: MetadataPatch.Change?) {
            switch change {
            case nil: break
            case .set(let value): field = value
            case .delete: field = nil
            }
        }
        change(&object.contentType, patch.contentType)
        change(&object.cacheControl, patch.cacheControl)
        change(&object.contentDisposition, patch.contentDisposition)
        change(&object.contentEncoding, patch.contentEncoding)
        change(&object.contentLanguage, patch.contentLanguage)
        switch patch.customMetadata {
        case nil: break
        case .deleteAll: object.custom = [:]
        case .merge(let changes): for (key, value) in changes { object.custom[key] = value }
        }
        object.metageneration += 1
    }

    /// The object set must be the model's, and the records and bytes of
    /// `keys` (every object when `nil`).
    static func checkObjects(_ storage: StorageSimulator, _ model: Model, keys: [[UInt8]]? = nil, step: Int) {
        let admin = storage.admin
        let names = admin.objects().map { Array($0.name.utf8) }
        #expect(names == model.sortedNames, "step \(step): object set")
        #expect(admin.count() == model.objects.count, "step \(step)")
        for key in keys ?? Array(model.objects.keys) {
            guard let expected = model.objects[key] else { continue }
            let name = String(decoding: key, as: UTF8.self)
            guard let object = admin.object(path: name) else {
                Issue.record("step \(step): `\(name)` missing")
                continue
            }
            let actual = ModelObject(
                bytes: admin.data(path: name).map { Array($0) } ?? [], contentType: object.contentType,
                cacheControl: object.cacheControl, contentDisposition: object.contentDisposition,
                contentEncoding: object.contentEncoding, contentLanguage: object.contentLanguage,
                custom: object.customMetadata, generation: object.generation, metageneration: object.metageneration)
            #expect(actual == expected, "step \(step): `\(name)`")
            #expect(object.size == Int64(expected.bytes.count))
        }
    }

    static func expectInvalidArgument(_ error: (any Error)?, step: Int, _ what: String) {
        #expect(storageCode(error) == .invalidArgument, "step \(step): \(what) gave \(String(describing: error))")
    }

    @Test("random operations match the model", arguments: [UInt64(0xB0C4E7), 0x5EED_0002])
    func randomOperations(seed: UInt64) async throws {
        let storage = try TestRules.simulator(TestRules.open)
        storage.setRecordsTraces(false)
        let admin = storage.admin
        var model = Model()
        var random = SplitMix64(seed: seed)
        for step in 0..<1_500 {
            let name = Self.randomName(&random)
            let key = Array(name.utf8)
            let reference = storage.storage().reference().child(name)
            let sdkKey = Array(reference.fullPath.utf8)
            #expect(sdkKey == Self.normalized(key), "step \(step): child(\(name.debugDescription))")
            let bytes = (0..<Int.random(in: 0...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            switch Int.random(in: 0..<9, using: &random) {
            case 0:
                let attributes = ObjectAttributes(
                    contentType: Self.randomOptional(["text/plain"], &random),
                    cacheControl: Self.randomOptional(["no-cache"], &random),
                    contentDisposition: Self.randomOptional(["inline"], &random),
                    customMetadata: Self.randomCustom(&random))
                do {
                    let object = try admin.put(bytes, path: name, attributes: attributes)
                    #expect(Self.isValid(key), "step \(step): admin put of an invalid name")
                    #expect(object.generation > model.lastGeneration)
                    model.lastGeneration = object.generation
                    model.objects[key] = ModelObject(
                        bytes: bytes, contentType: attributes.contentType ?? "application/octet-stream",
                        cacheControl: attributes.cacheControl, contentDisposition: attributes.contentDisposition,
                        contentEncoding: nil, contentLanguage: nil, custom: attributes.customMetadata ?? [:],
                        generation: object.generation, metageneration: 1)
                } catch {
                    #expect(!Self.isValid(key))
                    Self.expectInvalidArgument(error, step: step, "admin put")
                }
            case 1:
                #expect(admin.delete(path: name) == (model.objects.removeValue(forKey: key) != nil), "step \(step)")
            case 2:
                let patch = Self.randomPatch(&random)
                do {
                    _ = try admin.updateMetadata(path: name, patch: patch)
                    guard var object = model.objects[key] else {
                        Issue.record("step \(step): admin update of a missing object")
                        continue
                    }
                    Self.apply(patch, to: &object)
                    model.objects[key] = object
                } catch {
                    if Self.isValid(key) {
                        #expect(storageCode(error) == .objectNotFound && model.objects[key] == nil, "step \(step): \(error)")
                    } else {
                        Self.expectInvalidArgument(error, step: step, "admin updateMetadata")
                    }
                }
            case 3, 4:
                // The SDK traps on an upload to the root; that is tested on its own.
                guard !sdkKey.isEmpty else { continue }
                let metadata = makeMetadata(
                    contentType: Self.randomOptional(["image/png"], &random),
                    contentLanguage: Self.randomOptional(["de"], &random), customMetadata: Self.randomCustom(&random))
                do {
                    let stored = try await reference.putDataAsync(Data(bytes), metadata: metadata)
                    #expect(Self.isValid(sdkKey), "step \(step): SDK upload to an invalid name")
                    guard let object = stored.storedObject else {
                        Issue.record("step \(step): an upload's metadata has no record")
                        continue
                    }
                    #expect(object.generation > model.lastGeneration)
                    model.lastGeneration = object.generation
                    #expect(object.contentDisposition?.hasPrefix("inline; filename*=utf-8''") == true)
                    model.objects[sdkKey] = ModelObject(
                        bytes: bytes, contentType: metadata.contentType ?? "application/octet-stream", cacheControl: nil,
                        contentDisposition: object.contentDisposition, contentEncoding: "identity",
                        contentLanguage: metadata.contentLanguage, custom: metadata.customMetadata ?? [:],
                        generation: object.generation, metageneration: 1)
                } catch {
                    #expect(!Self.isValid(sdkKey))
                    Self.expectInvalidArgument(error, step: step, "putData")
                }
            case 5:
                do {
                    try await reference.delete()
                    #expect(model.objects.removeValue(forKey: sdkKey) != nil, "step \(step): deleted a missing object")
                } catch {
                    if Self.isValid(sdkKey) {
                        #expect(storageCode(error) == .objectNotFound && model.objects[sdkKey] == nil, "step \(step): \(error)")
                    } else {
                        Self.expectInvalidArgument(error, step: step, "delete")
                    }
                }
            case 6:
                let patch = Self.randomPatch(&random)
                do {
                    _ = try await reference.updateMetadata(patch)
                    guard var object = model.objects[sdkKey] else {
                        Issue.record("step \(step): SDK update of a missing object")
                        continue
                    }
                    Self.apply(patch, to: &object)
                    model.objects[sdkKey] = object
                } catch {
                    if Self.isValid(sdkKey) {
                        #expect(storageCode(error) == .objectNotFound && model.objects[sdkKey] == nil, "step \(step): \(error)")
                    } else {
                        Self.expectInvalidArgument(error, step: step, "updateMetadata")
                    }
                }
            default:
                let folder = storage.storage().reference().child(Self.folders.randomElement(using: &random)!)
                try await Self.checkListing(folder, model, pageSize: Int.random(in: 1...4, using: &random), step: step)
            }
            // The touched objects every step, every object now and then.
            Self.checkObjects(storage, model, keys: step % 20 == 0 ? nil : [key, sdkKey], step: step)
        }
        Self.checkObjects(storage, model, step: 1_500)
        #expect(model.objects.count > 10)
    }

    @Test("paths split at the `/` byte, even before a combining mark", arguments: [
        ("\u{301}", "\u{301}", "", "\u{301}"), ("a//\u{301}", "a/\u{301}", "a", "\u{301}"),
        ("/\u{301}x/", "\u{301}x", "", "\u{301}x"), ("a/\u{301}b", "a/\u{301}b", "a", "\u{301}b"),
    ])
    func combiningMarks(_ example: (String, String, String, String)) throws {
        let storage = try TestRules.simulator(TestRules.open)
        let reference = storage.storage().reference().child(example.0)
        #expect(Array(reference.fullPath.utf8) == Array(example.1.utf8))
        #expect(Array((reference.parent()?.fullPath ?? "-").utf8) == Array(example.2.utf8))
        #expect(Array(reference.name.utf8) == Array(example.3.utf8))
        let object = try storage.admin.put([], path: example.0)
        #expect(Array(object.lastPathComponent.utf8) == Array(ObjectPath.lastSegment(example.0).utf8))
    }

    @Test("the last non-empty segment, found from the end, is the last of the split segments", arguments: [
        "", "/", "//", "a", "a/", "/a", "a/b", "a//b//", "/a/b/c/", "\u{301}", "a//\u{301}", "/\u{301}x/",
        "a/\u{301}b", "é/ü/", "a/b/\u{1F600}", "x/ /y", " ",
    ])
    func lastNonEmptySegment(_ path: String) {
        let expected = ObjectPath.segments(path).last.map { Array($0.utf8) }
        #expect(ObjectPath.lastNonEmptySegmentName(path).map { Array($0.utf8) } == expected, "\(path.debugDescription)")
    }

    @Test("hostile page tokens and page sizes are invalid arguments, not crashes", arguments: [
        "", "!", "====", "aQ", Data([0x78, 0x61]).base64EncodedString(), Data([0x69, 0xFF, 0xFE]).base64EncodedString(),
        Data([0x70] + Array(repeating: 0x2F, count: 5000)).base64EncodedString(), String(repeating: "A", count: 100_000),
    ])
    func hostilePageTokens(_ token: String) async throws {
        let storage = try TestRules.simulator(TestRules.open)
        for index in 0..<5 { try storage.admin.put([], path: "f/\(index)") }
        let folder = storage.storage().reference().child("f")
        do {
            let page = try await folder.list(maxResults: 2, pageToken: token)
            // A token that decodes to a position resumes after it: never more than a page.
            #expect(page.items.count <= 2)
        } catch {
            #expect(storageCode(error) == .invalidArgument, "\(error)")
        }
        for size in [Int64.min, -1, 0, 1001, Int64.max] {
            await #expect(throws: StorageError.self) { _ = try await folder.list(maxResults: size) }
        }
    }

    /// `list` page by page and `listAll` both give the model's listing.
    static func checkListing(_ folder: StorageReference, _ model: Model, pageSize: Int, step: Int) async throws {
        let expected = model.listing(folder: Array(folder.fullPath.utf8))
        let expectedItems = expected.items.map(normalized)
        let expectedPrefixes = expected.prefixes.map(normalized)
        var items: [[UInt8]] = []
        var prefixes: [[UInt8]] = []
        var token: String?
        var pages = 0
        repeat {
            let page: StorageListResult
            if let token {
                page = try await folder.list(maxResults: Int64(pageSize), pageToken: token)
            } else {
                page = try await folder.list(maxResults: Int64(pageSize))
            }
            #expect(page.items.count + page.prefixes.count <= pageSize)
            items += page.items.map { Array($0.fullPath.utf8) }
            prefixes += page.prefixes.map { Array($0.fullPath.utf8) }
            token = page.pageToken
            pages += 1
        } while token != nil && pages <= model.objects.count + 1
        let label = "step \(step): list of `\(folder.fullPath)`"
        #expect(token == nil, "\(label) never ends")
        #expect(items == expectedItems, "\(label) items")
        #expect(prefixes == expectedPrefixes, "\(label) prefixes")
        let all = try await folder.listAll()
        #expect(all.items.map { Array($0.fullPath.utf8) } == expectedItems, "\(label) listAll items")
        #expect(all.prefixes.map { Array($0.fullPath.utf8) } == expectedPrefixes, "\(label) listAll prefixes")
    }
}
