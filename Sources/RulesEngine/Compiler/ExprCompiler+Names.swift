import RulesSyntax

extension ExprCompiler {
    /// Reads a name, counting its node: a local, a wildcard, `request` or
    /// `resource`.
    func compileName(_ name: String) -> CompiledExpr {
        // Each closure counts the name's node itself: a closure around
        // the read was one more allocation and one more call.
        switch localBinding(of: name) {
        case .parameter(let slot):
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return evaluator.parameter(at: base + slot)
            }
        case .letBinding(let index, let slot):
            let code = locals!.code
            // The function's own code holds this closure: `unowned` keeps
            // the two from keeping each other alive after the ruleset goes.
            return { [unowned code] evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return try evaluator.letValue(at: base + slot, base: base, initializer: code.letInitializers[index].run)
            }
        case nil:
            return compileOuterName(name)
        }
    }

    /// The parameter or `let` `name` refers to here, if any.
    func localBinding(of name: String) -> LocalBinding? {
        locals?.binding(of: name, visibleLets: visibleLets)
    }

    /// The flat capture position of the wildcard a name refers to,
    /// innermost level first.
    func wildcard(named name: String) -> Int? {
        scope.capturePosition(of: name, visibleDepth: scope.depth)
    }

    /// Whether `name` is neither a local nor a wildcard here, so it means
    /// the global binding (`request`, `resource`, a namespace).
    func isGlobal(_ name: String) -> Bool {
        localBinding(of: name) == nil && wildcard(named: name) == nil
    }

    /// A name that is not a local: a wildcard, then the request's bindings.
    private func compileOuterName(_ name: String) -> CompiledExpr {
        let global: CompiledExpr
        switch name {
        case "request": global = { evaluator, _ in evaluator.requestValue }
        case "resource": global = { evaluator, _ in evaluator.request.existing ?? .null }
        default: global = { _, _ throws(EvalError) in throw .nullValue }
        }
        guard let position = wildcard(named: name) else {
            return { evaluator, base throws(EvalError) in
                try evaluator.countNode()
                return try global(evaluator, base)
            }
        }
        return { evaluator, base throws(EvalError) in
            try evaluator.countNode()
            guard let value = evaluator.capturedValue(at: position) else { return try global(evaluator, base) }
            return value
        }
    }

    /// `base.name`; `request.<field>` and `request.auth.<field>` read the
    /// request directly when `request` is the global binding, counting the
    /// nodes a map lookup would have counted.
    func compileMember(_ base: Expr, _ name: String) -> CompiledExpr {
        if isGlobalRequest(base) {
            return Self.requestField(name)
        }
        if case .member(let inner, let field) = base.kind, field.name == "auth", isGlobalRequest(inner),
            name == "uid" || name == "token"
        {
            // Each field is read from the request's copies of them, without
            // copying the whole identity.
            if name == "uid" {
                return { evaluator, _ throws(EvalError) in
                    try evaluator.countNodes(3)
                    guard let uid = evaluator.request.authUID else { throw .nullValue }
                    return .string(uid)
                }
            }
            return { evaluator, _ throws(EvalError) in
                try evaluator.countNodes(3)
                guard case .map(let auth) = evaluator.request.authValue, let token = auth.value(forASCIIKey: "token") else {
                    throw .nullValue
                }
                return token
            }
        }
        if let field = ObjectField(rawValue: name), let (object, nodes) = requestObject(base) {
            // `request.resource.size`, `resource.contentType`: read from the
            // request's own value, without copying the object's map.
            return { evaluator, _ throws(EvalError) in
                try evaluator.countNodes(nodes)
                guard let record = evaluator.objectRecord(object) else {
                    return try evaluator.member(of: evaluator.object(object), asciiName: name)
                }
                guard let fieldValue = record._withUnsafeGuaranteedRef({ $0.value(of: field) }) else {
                    throw .undefinedProperty(name)
                }
                return fieldValue
            }
        }
        let object = compile(base)
        if let field = ObjectField(rawValue: name) {
            // `resource.size`, `request.resource.contentType`: the field is
            // chosen now, so reading it from an object's map hashes nothing.
            return { evaluator, frame throws(EvalError) in
                try evaluator.countNode()
                let value = try object(evaluator, frame)
                guard case .map(let map) = value, let record = map.objectRecord else {
                    return try evaluator.member(of: value, asciiName: name)
                }
                guard let fieldValue = record.value(of: field) else { throw .undefinedProperty(name) }
                return fieldValue
            }
        }
        var utf8Name = name
        if utf8Name.withUTF8({ $0.allSatisfy { $0 < 0x80 } }) {
            return { evaluator, frame throws(EvalError) in
                try evaluator.countNode()
                return try evaluator.member(of: try object(evaluator, frame), asciiName: name)
            }
        }
        return { evaluator, frame throws(EvalError) in
            try evaluator.countNode()
            return try evaluator.member(of: try object(evaluator, frame), name)
        }
    }

    /// Which object of the request `expr` reads, `request.resource` or
    /// `resource` (each name meaning the global binding), and how many
    /// nodes reading it counts.
    private func requestObject(_ expr: Expr) -> (RequestObject, nodes: Int)? {
        switch expr.kind {
        case .member(let base, let name) where name.name == "resource" && isGlobalRequest(base):
            return (.incoming, 2)
        case .identifier("resource") where isGlobal("resource"):
            return (.existing, 1)
        default:
            return nil
        }
    }

    /// `request.<name>`: the member node and `request` both count.
    private static func requestField(_ name: String) -> CompiledExpr {
        guard let field = RequestField(rawValue: name) else {
            return { evaluator, _ throws(EvalError) in
                try evaluator.countNodes(2)
                throw .undefinedProperty(name)
            }
        }
        return { evaluator, _ throws(EvalError) in
            try evaluator.countNodes(2)
            return field.value(in: evaluator)
        }
    }

    /// Whether `expr` is the name `request` meaning the global binding.
    func isGlobalRequest(_ expr: Expr) -> Bool {
        if case .identifier("request") = expr.kind { return isGlobal("request") }
        return false
    }
}
