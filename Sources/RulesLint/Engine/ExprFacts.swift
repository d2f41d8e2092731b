import RulesEngine
import RulesSyntax

extension Expr {
    /// The node without surrounding parentheses.
    public var unparenthesized: Expr {
        if case .parenthesized(let inner) = kind { return inner.unparenthesized }
        return self
    }

    /// The names of a chain like `request.resource.size`, `nil` for anything else.
    public var dottedPath: [String]? {
        switch unparenthesized.kind {
        case .identifier(let name): return [name]
        case .member(let base, let name): return base.dottedPath.map { $0 + [name.name] }
        default: return nil
        }
    }

    /// Whether the chain starts with `prefix` (e.g. `request.resource.size` starts with `request.resource`).
    public func pathStarts(with prefix: [String]) -> Bool {
        guard let path = dottedPath, path.count >= prefix.count else { return false }
        return Array(path.prefix(prefix.count)) == prefix
    }

    /// The bool literal value, looking through parentheses.
    public var boolLiteral: Bool? {
        if case .bool(let value) = unparenthesized.kind { return value }
        return nil
    }

    /// For a `callee(args)` node: `name` for plain calls, `namespace.name` for namespaced ones.
    public var calledName: String? {
        guard case .call(let callee, _) = kind else { return nil }
        switch callee.kind {
        case .identifier(let name): return name
        case .member(let base, let name):
            if case .identifier(let namespace) = base.kind { return "\(namespace).\(name.name)" }
            return nil
        default: return nil
        }
    }

    /// Whether the node is a `firestore.get` / `firestore.exists` lookup.
    public var isFirestoreLookup: Bool {
        calledName == "firestore.get" || calledName == "firestore.exists"
    }
}

/// Facts about the Storage request and resource (language spec §4).
public enum StorageModel {
    /// Fields of `request`.
    public static let requestFields: [String: ValueType?] = [
        "auth": .map, "method": .string, "path": .path, "time": .timestamp, "resource": .map, "params": .map,
    ]
    /// Fields of `request.auth`.
    public static let authFields: [String: ValueType?] = ["uid": .string, "token": .map]
    /// Fields of `resource` and `request.resource` (the live service's 15 keys plus the timestamps of `resource`).
    public static let objectFields: [String: ValueType?] = [
        "name": .string, "bucket": .string, "generation": .int, "metageneration": .int, "size": .int,
        "timeCreated": .timestamp, "updated": .timestamp, "md5Hash": .string, "crc32c": .string, "etag": .string,
        "contentDisposition": .string, "contentEncoding": .string, "contentLanguage": .string, "contentType": .string,
        "metadata": .map, "cacheControl": .string, "storageClass": .string,
    ]

    /// Fields of `request.resource`: the live service sends the 15 keys of
    /// the incoming object and no `timeCreated` or `updated` (spec §4.3).
    public static let incomingObjectFields: [String: ValueType?] = objectFields.filter { $0.key != "timeCreated" && $0.key != "updated" }

    /// The known type of a chain into the request or resource, if any.
    public static func type(of path: [String]) -> ValueType? {
        switch path.count {
        case 2 where path[0] == "request": return requestFields[path[1]] ?? nil
        case 2 where path[0] == "resource": return objectFields[path[1]] ?? nil
        case 3 where path[0] == "request" && path[1] == "auth": return authFields[path[2]] ?? nil
        case 3 where path[0] == "request" && path[1] == "resource": return incomingObjectFields[path[2]] ?? nil
        default: return nil
        }
    }
}

/// Types of expressions that are certain without a type system: literals,
/// request and resource fields, and a few builtins with fixed results.
public enum StaticTypes {
    /// The expression's type if it is known for certain; `shadowed` names are
    /// local variables that hide `request` / `resource`.
    public static func type(of expr: Expr, shadowed: Set<String> = []) -> ValueType? {
        switch expr.unparenthesized.kind {
        case .null: return .null
        case .bool: return .bool
        case .int: return .int
        case .float: return .float
        case .string: return .string
        case .bytes: return .bytes
        case .list: return .list
        case .map: return .map
        case .path: return .path
        case .unary(.not, _), .isType: return .bool
        case .binary(let op, _, _):
            switch op {
            case .less, .lessOrEqual, .greater, .greaterOrEqual, .in, .equal, .notEqual, .and, .or: return .bool
            default: return nil
            }
        case .member:
            guard let path = expr.dottedPath, let root = path.first, !shadowed.contains(root) else { return nil }
            return StorageModel.type(of: path)
        case .call(let callee, _):
            switch expr.calledName {
            case "timestamp.date", "timestamp.value": return .timestamp
            case "duration.value", "duration.time": return .duration
            case "latlng.value": return .latlng
            default: break
            }
            if case .member(_, let name) = callee.kind {
                switch name.name {
                case "size": return .int
                case "lower", "upper", "trim": return .string
                case "matches", "hasAll", "hasAny", "hasOnly", "isInteger", "isNaN", "isInfinite": return .bool
                default: return nil
                }
            }
            return nil
        default:
            return nil
        }
    }
}
