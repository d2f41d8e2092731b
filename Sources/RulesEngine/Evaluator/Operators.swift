import RulesSyntax

extension Evaluator {
    /// `!x` and `-x`.
    func unary(_ op: UnaryOperator, _ operand: Value) throws(EvalError) -> Value {
        switch (op, operand) {
        case (.not, .bool(let flag)): return .bool(!flag)
        case (.not, _): throw .notBoolean(operand)
        case (.negate, .int(let number)): return .int(0 &- number)
        case (.negate, .float(let number)): return .float(-number)
        case (.negate, .duration(let duration)): return .duration(try duration.negated())
        case (.negate, _):
            throw .unsupported(received: "-\(operand.type.name)", expected: ["-int", "-float", "-duration"])
        }
    }

    /// Every binary operator except `&&` and `||`.
    func binary(_ op: BinaryOperator, _ left: Value, _ right: Value) throws(EvalError) -> Value {
        switch op {
        case .equal: return .bool(left.rulesEquals(right))
        case .notEqual: return .bool(!left.rulesEquals(right))
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return .bool(try compare(op, left, right))
        case .in: return .bool(try membership(left, in: right))
        case .add: return try add(left, right)
        case .subtract: return try subtract(left, right)
        case .multiply, .divide, .modulo: return try multiplicative(op, left, right)
        case .and, .or: throw EvalError("Invalid expression.")
        }
    }

    private func add(_ left: Value, _ right: Value) throws(EvalError) -> Value {
        switch (left, right) {
        case (.int(let a), .int(let b)): return .int(a &+ b)
        case (.string(let a), .string(let b)): return .string(a + b)
        case (.duration(let a), .duration(let b)): return .duration(try a.adding(b))
        case (.duration(let a), .timestamp(let b)): return .timestamp(try b.adding(a))
        case (.timestamp(let a), .duration(let b)): return .timestamp(try a.adding(b))
        default:
            if let (a, b) = Evaluator.floats(left, right) { return .float(a + b) }
            throw .unsupported(
                received: "\(left.type.name) + \(right.type.name)",
                expected: ["int + int", "float + float", "string + string", "duration + duration", "duration + timestamp", "timestamp + duration"])
        }
    }

    private func subtract(_ left: Value, _ right: Value) throws(EvalError) -> Value {
        switch (left, right) {
        case (.int(let a), .int(let b)): return .int(a &- b)
        case (.duration(let a), .duration(let b)): return .duration(try a.subtracting(b))
        case (.timestamp(let a), .duration(let b)): return .timestamp(try a.subtracting(b))
        case (.timestamp(let a), .timestamp(let b)): return .duration(try a.difference(b))
        default:
            if let (a, b) = Evaluator.floats(left, right) { return .float(a - b) }
            throw .unsupported(
                received: "\(left.type.name) - \(right.type.name)",
                expected: ["int - int", "float - float", "duration - duration", "timestamp - duration", "timestamp - timestamp"])
        }
    }

    private func multiplicative(_ op: BinaryOperator, _ left: Value, _ right: Value) throws(EvalError) -> Value {
        if case .int(let a) = left, case .int(let b) = right {
            switch op {
            case .multiply: return .int(a &* b)
            case .divide:
                guard b != 0 else { throw .divideByZero }
                // Int64.min / -1 wraps to Int64.min, as on the JVM.
                return .int(a.dividedReportingOverflow(by: b).partialValue)
            default:
                guard b != 0 else { throw .divideByZero }
                return .int(a.remainderReportingOverflow(dividingBy: b).partialValue)
            }
        }
        if let (a, b) = Evaluator.floats(left, right) {
            switch op {
            case .multiply: return .float(a * b)
            case .divide: return .float(a / b)
            default: return .float(a.truncatingRemainder(dividingBy: b))
            }
        }
        let symbol = op.rawValue
        throw .unsupported(
            received: "\(left.type.name) \(symbol) \(right.type.name)",
            expected: ["int \(symbol) int", "float \(symbol) float"])
    }

    /// Both operands as doubles when both are numbers and at least one is a float.
    static func floats(_ left: Value, _ right: Value) -> (Double, Double)? {
        switch (left, right) {
        case (.float(let a), .float(let b)): (a, b)
        case (.int(let a), .float(let b)): (Double(a), b)
        case (.float(let a), .int(let b)): (a, Double(b))
        default: nil
        }
    }

    /// `<`, `<=`, `>`, `>=`: defined for strings, bytes, numbers, durations
    /// and timestamps of the same kind; anything else is an error.
    func compare(_ op: BinaryOperator, _ left: Value, _ right: Value) throws(EvalError) -> Bool {
        let order: Int
        switch (left, right) {
        case (.int(let a), .int(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
        case (.string(let a), .string(let b)): order = Evaluator.compareUTF16(a, b)
        case (.bytes(let a), .bytes(let b)): order = a.lexicographicallyPrecedes(b) ? -1 : (a == b ? 0 : 1)
        case (.duration(let a), .duration(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
        case (.timestamp(let a), .timestamp(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
        default:
            guard let (a, b) = Evaluator.floats(left, right) else {
                let symbol = op.rawValue
                throw .unsupported(
                    received: "\(left.type.name) \(symbol) \(right.type.name)",
                    expected: ["string", "bytes", "int", "float", "duration", "timestamp"].map { "\($0) \(symbol) \($0)" }
                        + ["constraint \(symbol) any", "any \(symbol) constraint"])
            }
            // Every comparison with NaN is false, as on the JVM.
            if a.isNaN || b.isNaN { return false }
            order = a < b ? -1 : (a == b ? 0 : 1)
        }
        switch op {
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        default: return order >= 0
        }
    }

    /// Java's `String.compareTo`: lexicographic over UTF-16 code units.
    static func compareUTF16(_ a: String, _ b: String) -> Int {
        var left = a.utf16.makeIterator()
        var right = b.utf16.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?):
                if x != y { return x < y ? -1 : 1 }
            }
        }
    }

    /// `value in container`.
    func membership(_ value: Value, in container: Value) throws(EvalError) -> Bool {
        switch container {
        case .list(let elements): return elements.contains { $0.rulesEquals(value) }
        case .set(let set): return set.contains(value)
        case .map(let map):
            guard case .string(let key) = value else {
                throw .unsupported(received: "map.in(\(value.type.name))", expected: ["map.in(string)"])
            }
            return map[key] != nil
        case .null: throw .nullValue
        default: throw .functionNotFound("in")
        }
    }
}

extension Value {
    /// `value is type`.
    func isOfType(_ type: TypeName) -> Bool {
        switch type {
        case .number: self.type == .int || self.type == .float
        case .bool: self.type == .bool
        case .int: self.type == .int
        case .float: self.type == .float
        case .string: self.type == .string
        case .bytes: self.type == .bytes
        case .list: self.type == .list
        case .map: self.type == .map
        case .set: self.type == .set
        case .mapDiff: self.type == .mapDiff
        case .timestamp: self.type == .timestamp
        case .duration: self.type == .duration
        case .path: self.type == .path
        case .latlng: self.type == .latlng
        }
    }
}
