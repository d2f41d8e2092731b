/// Walks the tree and writes it through a ``LineWriter``.
struct RulesPrinter {
    /// Where the text goes; it also holds the comments still to place.
    var writer: LineWriter
    /// The source bytes, for finding tokens the tree records no offset for.
    var source: SourceBytes { writer.source }

    /// A declaration of a block body, for printing in source order.
    enum Item {
        case function(FunctionDecl)
        case allow(AllowStatement)
        case match(MatchBlock)
        case service(ServiceDecl)

        var start: Int {
            switch self {
            case .function(let function): function.range.start
            case .allow(let allow): allow.range.start
            case .match(let block): block.range.start
            case .service(let service): service.range.start
            }
        }
    }

    /// The whole file: `rules_version`, then top-level functions and the
    /// service block in source order.
    mutating func printRuleset(_ ruleset: Ruleset) {
        if let range = ruleset.versionRange {
            writer.startItem(at: range.start, indent: 0)
            writer.write("rules_version = '\(ruleset.version.rawValue)';", space: false, at: range.start)
        }
        var items = ruleset.functions.map(Item.function)
        if let service = ruleset.service { items.append(.service(service)) }
        printItems(items, indent: 0)
    }

    /// Declarations of one block, each on its own line, in source order.
    private mutating func printItems(_ items: [Item], indent: Int) {
        for item in items.sorted(by: { $0.start < $1.start }) {
            writer.startItem(at: item.start, indent: indent)
            writer.continuationIndent = indent + RulesFormatter.continuationWidth
            switch item {
            case .function(let function): printFunction(function, indent: indent)
            case .allow(let allow): printAllow(allow, indent: indent)
            case .match(let block): printMatch(block, indent: indent)
            case .service(let service): printService(service, indent: indent)
            }
        }
    }

    private mutating func printService(_ service: ServiceDecl, indent: Int) {
        writer.write("service", at: service.range.start)
        writer.write(service.name, at: service.nameRange.start)
        openBlock(after: service.nameRange.end, indent: indent)
        printItems(service.functions.map(Item.function) + service.matches.map(Item.match), indent: indent + RulesFormatter.indentWidth)
        closeBlock(service.range, indent: indent)
    }

    private mutating func printMatch(_ block: MatchBlock, indent: Int) {
        writer.write("match", at: block.range.start)
        writer.write(block.path.text, at: block.path.range.start)
        openBlock(after: block.path.range.end, indent: indent)
        let items = block.functions.map(Item.function) + block.allows.map(Item.allow) + block.matches.map(Item.match)
        printItems(items, indent: indent + RulesFormatter.indentWidth)
        closeBlock(block.range, indent: indent)
    }

    /// `allow m1, m2: if condition;`.
    private mutating func printAllow(_ allow: AllowStatement, indent: Int) {
        writer.write("allow", at: allow.range.start)
        for (index, method) in allow.methods.enumerated() {
            writer.write(method.method.rawValue, at: method.range.start)
            if index < allow.methods.count - 1 { writer.write(",", space: false) }
        }
        if let condition = allow.condition, let last = allow.methods.last {
            let colon = source.tokenStart(from: last.range.end)
            writer.write(":", space: false, at: colon)
            writer.write("if", at: source.tokenStart(from: colon + 1))
            printStatementExpression(condition, indent: indent)
        }
        writer.write(";", space: false)
    }

    /// `function name(a, b) { let x = e; return e; }` over several lines.
    private mutating func printFunction(_ function: FunctionDecl, indent: Int) {
        writer.write("function", at: function.range.start)
        writer.write(function.name, at: function.nameRange.start)
        let open = source.tokenStart(from: function.nameRange.end)
        writer.write("(", space: false)
        for (index, parameter) in function.parameters.enumerated() {
            writer.write(parameter.name, space: index > 0, at: parameter.range.start)
            if index < function.parameters.count - 1 { writer.write(",", space: false) }
        }
        let close = source.tokenStart(from: function.parameters.last?.range.end ?? open + 1)
        writer.write(")", space: false)
        let brace = source.tokenStart(from: close + 1)
        writer.continuationIndent = indent
        writer.write("{", at: brace)
        let inner = indent + RulesFormatter.indentWidth
        for binding in function.lets {
            writer.startItem(at: binding.range.start, indent: inner)
            writer.continuationIndent = inner + RulesFormatter.continuationWidth
            writer.write("let", at: binding.range.start)
            writer.write(binding.name.name, at: binding.name.range.start)
            writer.write("=", at: source.tokenStart(from: binding.name.range.end))
            printStatementExpression(binding.value, indent: inner)
            writer.write(";", space: false)
        }
        let returnStart = source.tokenStart(from: function.lets.last.map { source.end(ofStatement: $0.range) } ?? brace + 1)
        writer.startItem(at: returnStart, indent: inner)
        writer.continuationIndent = inner + RulesFormatter.continuationWidth
        writer.write("return", at: returnStart)
        printStatementExpression(function.body, indent: inner)
        writer.write(";", space: false)
        closeBlock(function.range, indent: indent)
    }

    /// The expression of a statement whose line is indented by `indent`.
    private mutating func printStatementExpression(_ expr: Expr, indent: Int) {
        let continuation = indent + RulesFormatter.continuationWidth
        writer.continuationIndent = continuation
        printExpression(expr, indent: continuation, trailing: 1)
        writer.continuationIndent = indent
    }

    /// The `{` that opens a block whose header ends at `headerEnd`; a `//`
    /// comment before it puts it on a line of its own at `indent`.
    private mutating func openBlock(after headerEnd: Int, indent: Int) {
        writer.continuationIndent = indent
        writer.write("{", at: source.tokenStart(from: headerEnd))
    }

    /// The `}` that ends `range`, on its own line at `indent`, after the
    /// comments that precede it (indented as the block's body).
    private mutating func closeBlock(_ range: SourceRange, indent: Int) {
        let brace = max(range.start, range.end - 1)
        writer.flushComments(before: brace, ownLineIndent: indent + RulesFormatter.indentWidth)
        writer.startLine(indent: indent)
        writer.continuationIndent = indent
        writer.write("}", space: false)
    }
}
