import RulesEngine
import RulesSyntax
import Testing

/// `resource` and `request.resource` keep the object's fields and make a
/// value only when a rule reads one. They must read exactly as the maps
/// built from every key: same keys, same values, same errors.
@Suite struct ObjectRecordTests {
    static let full = StorageObjectFields(
        name: "users/alice/cat.png", bucket: "B", generation: 7, metageneration: 3, size: 2048,
        timeCreated: Timestamp(seconds: 1_767_225_600), updated: Timestamp(seconds: 1_767_225_660), md5Hash: "md5",
        crc32c: "crc", etag: "etag", contentType: "image/png", contentEncoding: "gzip", contentDisposition: "inline",
        contentLanguage: "en", cacheControl: "no-cache", storageClass: "STANDARD", metadata: ["owner": "alice", "é": "x"])
    static let bare = StorageObjectFields(name: "a", bucket: "B")

    /// The map each projection stands for, written out key by key.
    static func expectedEntries(_ fields: StorageObjectFields, includesTimes: Bool) -> [String: Value] {
        func string(_ value: String?) -> Value { value.map(Value.string) ?? .null }
        func int(_ value: Int64?) -> Value { value.map(Value.int) ?? .null }
        var entries: [String: Value] = [
            "name": .string(fields.name), "bucket": .string(fields.bucket),
            "generation": int(fields.generation), "metageneration": int(fields.metageneration), "size": .int(fields.size),
            "md5Hash": string(fields.md5Hash), "crc32c": string(fields.crc32c), "etag": string(fields.etag),
            "contentType": string(fields.contentType), "contentEncoding": string(fields.contentEncoding),
            "contentDisposition": string(fields.contentDisposition), "contentLanguage": string(fields.contentLanguage),
            "cacheControl": string(fields.cacheControl), "storageClass": string(fields.storageClass),
            "metadata": fields.metadata.map { .map(RulesMap($0.mapValues(Value.string))) } ?? .null,
        ]
        if includesTimes {
            entries["timeCreated"] = fields.timeCreated.map(Value.timestamp) ?? .null
            entries["updated"] = fields.updated.map(Value.timestamp) ?? .null
        }
        return entries
    }

    static func map(_ value: Value) -> RulesMap? {
        if case .map(let map) = value { return map }
        return nil
    }

    @Test(arguments: [(full, true), (full, false), (bare, true), (bare, false)])
    func readsAsTheMapOfEveryKey(fields: StorageObjectFields, includesTimes: Bool) throws {
        let value = includesTimes ? fields.resourceValue : fields.requestResourceValue
        let map = try #require(Self.map(value))
        let expected = Self.expectedEntries(fields, includesTimes: includesTimes)
        #expect(map.count == expected.count)
        #expect(map.entries.count == expected.count)
        #expect(map.sortedKeys == expected.keys.sorted())
        #expect(value.rulesEquals(.map(RulesMap(expected))))
        #expect(Value.map(RulesMap(expected)).rulesEquals(value))
        for (key, expectedValue) in expected {
            let found = try #require(map[key], "\(key)")
            #expect(found.rulesEquals(expectedValue) && found.type == expectedValue.type, "\(key)")
            #expect(map.entries[key].map { $0.rulesEquals(expectedValue) } == true, "\(key)")
        }
        #expect(value.rulesDescription == Value.map(RulesMap(expected)).rulesDescription)
    }

    @Test func keysMatchCodeUnitForCodeUnit() throws {
        let map = try #require(Self.map(Self.full.resourceValue))
        // U+212A KELVIN SIGN is canonically "K"; neither spelling is a key.
        for key in ["Name", "names", "", "size ", "timecreated", "contentTyp", "s\u{0131}ze", "\u{212A}"] {
            #expect(map[key] == nil, "\(key)")
        }
        let upload = try #require(Self.map(Self.full.requestResourceValue))
        #expect(upload["timeCreated"] == nil && upload["updated"] == nil)
        #expect(upload["size"]?.intValue == 2048)
    }

    @Test func changingTheMapKeepsTheOtherKeys() throws {
        var map = try #require(Self.map(Self.full.requestResourceValue))
        let original = map
        map["size"] = .int(1)
        map["extra"] = .bool(true)
        #expect(map.count == 16)
        #expect(map["size"]?.intValue == 1 && map["extra"]?.boolValue == true)
        #expect(map["contentType"]?.stringValue == "image/png")
        #expect(original["size"]?.intValue == 2048 && original["extra"] == nil && original.count == 15)
        map.entries["name"] = nil
        #expect(map.count == 15 && map["name"] == nil)
    }

    static let fieldReads: [(condition: String, expected: Expected)] = [
        ("resource.size == 2048 && resource.contentType == 'image/png' && resource.name == 'users/alice/cat.png'", .true),
        ("resource.generation == 7 && resource.metageneration == 3 && resource.storageClass == 'STANDARD'", .true),
        ("resource.timeCreated == timestamp.date(2026, 1, 1)", .true),
        ("resource.updated > resource.timeCreated", .true),
        ("resource.metadata.owner == 'alice' && resource.metadata['é'] == 'x' && resource.metadata.size() == 2", .true),
        ("resource['contentType'] == 'image/png' && resource.get('size', 0) == 2048", .true),
        ("'etag' in resource && !('nope' in resource) && resource.keys().size() == 17", .true),
        ("resource.keys().hasAll(['name', 'bucket', 'timeCreated', 'updated', 'metadata'])", .true),
        ("resource.size() == 17 && resource.values().size() == 17", .true),
        ("resource.diff(request.resource).affectedKeys() == ['timeCreated', 'updated'].toSet()", .true),
        ("request.resource.size == resource.size && request.resource.md5Hash == resource.md5Hash", .true),
        ("request.resource.keys().size() == 15 && !('timeCreated' in request.resource)", .true),
        ("request.resource.timeCreated == null", .error("Property timeCreated is undefined on object.")),
        ("resource.Size == 2048", .error("Property Size is undefined on object.")),
        ("resource.size.foo == 1", .error(nil)),
        ("request.resource.metadata.keys().hasOnly(['owner', 'é'])", .true),
    ]

    /// `Engine.decide` also checks that traced, untraced and `isAllowed`
    /// agree. The same maps built from their entries (as a suite's raw
    /// request gives them) must decide alike: compiled field reads take
    /// another branch for them.
    @Test(arguments: fieldReads)
    func rulesReadTheFieldsAlikeTracedAndCompiled(condition: String, expected: Expected) throws {
        let rules = Engine.storageRules("match /{p=**} { allow update: if \(condition); }")
        let records = try #require(Engine.decide(
            rules, .update, "users/alice/cat.png", incoming: Self.full.requestResourceValue,
            existing: Self.full.resourceValue))
        Engine.expect(records.allows.first?.outcome, expected, condition)
        let dictionaries = try #require(Engine.decide(
            rules, .update, "users/alice/cat.png",
            incoming: .map(RulesMap(Self.expectedEntries(Self.full, includesTimes: false))),
            existing: .map(RulesMap(Self.expectedEntries(Self.full, includesTimes: true)))))
        #expect("\(dictionaries.allows.map(\.outcome))" == "\(records.allows.map(\.outcome))", "\(condition)")
    }
}
