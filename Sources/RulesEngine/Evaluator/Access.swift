extension Evaluator {
    /// `base.name`: a map entry; anything else has no fields.
    func member(of base: Value, _ name: String) throws(EvalError) -> Value {
        switch base {
        case .map(let map):
            guard let value = map[name] else { throw .undefinedProperty(name) }
            return value
        case .null:
            throw .nullValue
        default:
            throw .undefinedProperty(name)
        }
    }

    /// ``member(of:_:)`` for a field name made only of ASCII characters.
    func member(of base: Value, asciiName name: String) throws(EvalError) -> Value {
        guard case .map(let map) = base else { return try member(of: base, name) }
        guard let value = map.value(forASCIIKey: name) else { throw .undefinedProperty(name) }
        return value
    }

    /// `base[index]`.
    func subscriptValue(_ base: Value, _ index: Value) throws(EvalError) -> Value {
        switch (base, index) {
        case (.list(let elements), .int(let position)):
            guard position >= 0, position < Int64(elements.count) else {
                throw .indexOutOfBounds(index: position, size: elements.count)
            }
            return elements[Int(position)]
        case (.string(let text), .int(let position)):
            let units = Array(text.utf16)
            guard position >= 0, position < Int64(units.count) else {
                throw .indexOutOfBounds(index: position, size: units.count)
            }
            return .string(String(decoding: [units[Int(position)]], as: UTF16.self))
        case (.path(let path), .int(let position)):
            guard position >= 0, position < Int64(path.segments.count) else {
                throw .indexOutOfBounds(index: position, size: path.segments.count)
            }
            return .string(path.segments[Int(position)])
        case (.map(let map), .string(let key)):
            guard let value = map[key] else { throw .undefinedProperty(key) }
            return value
        case (.path, .string(let key)):
            throw .undefinedProperty(key)
        case (.list, _), (.string, _), (.map, _), (.path, _):
            let keyType = base.type == .map ? "string" : "int"
            throw .unsupported(received: "\(base.type.name)[\(index.type.name)]", expected: ["\(base.type.name)[\(keyType)]"])
        case (.null, _):
            throw .nullValue
        default:
            throw .functionNotFound("[]")
        }
    }

    /// `base[lower:upper]` on a list or string. Bounds are not clamped: the
    /// last index of the range (`upper - 1`) must exist, and `lower` may not
    /// pass `upper`, as the service checks them.
    func slice(_ base: Value, _ lower: Value?, _ upper: Value?) throws(EvalError) -> Value {
        let size: Int
        switch base {
        case .list(let elements): size = elements.count
        case .string(let text): size = text.utf16.count
        case .null: throw .nullValue
        default: throw .functionNotFound("[]")
        }
        func bound(_ value: Value?, default fallback: Int64) throws(EvalError) -> Int64 {
            guard let value else { return fallback }
            guard case .int(let number) = value else {
                throw .unsupported(received: "\(base.type.name)[\(value.type.name)]", expected: ["\(base.type.name)[int]"])
            }
            return number
        }
        let low = try bound(lower, default: 0)
        let high = try bound(upper, default: Int64(size))
        let last = high &- 1
        guard last >= 0, last < Int64(size) else { throw .indexOutOfBounds(index: last, size: size) }
        guard low >= 0, low <= high else { throw .indexOutOfBounds(index: low, size: size) }
        switch base {
        case .list(let elements):
            return .list(Array(elements[Int(low)..<Int(high)]))
        case .string(let text):
            let units = Array(text.utf16)[Int(low)..<Int(high)]
            return .string(String(decoding: units, as: UTF16.self))
        default:
            throw .functionNotFound("[]")
        }
    }
}
