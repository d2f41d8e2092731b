extension RulesParser {
    // MARK: File

    /// `[rules_version = '2';] { function | service }`.
    mutating func parseRuleset() -> Ruleset {
        var version = RulesVersion.v1
        var versionRange: SourceRange?
        if at(.rulesVersion) {
            (version, versionRange) = parseVersionStatement()
        }
        var functions: [FunctionDecl] = []
        var service: ServiceDecl?
        while !at(.endOfFile) {
            let before = current.start
            switch current.kind {
            case .function:
                recovering = false
                if let function = parseFunction() { functions.append(function) }
            case .service:
                recovering = false
                if let parsed = parseService() {
                    service = chooseService(service, parsed)
                }
            case .match:
                report(SyntaxMessages.bareMatchAtTopLevel(current.range))
                _ = parseMatch()
            case .rulesVersion:
                let keyword = current.range
                let (repeated, _) = parseVersionStatement()
                if versionRange == nil {
                    emit(SyntaxMessages.misplacedVersion(keyword))
                } else if repeated != version {
                    emit(SyntaxMessages.conflictingVersion(keyword))
                } else {
                    emit(SyntaxMessages.repeatedVersion(keyword))
                }
            case .identifier where name(of: current) == "import":
                report(SyntaxMessages.unexpectedImport(current.range))
                advance()
                synchronizeTopLevel()
            default:
                reportMismatched(expecting: "{'function', 'service', 'syntax'}")
                advance()
                synchronizeTopLevel()
            }
            if current.start == before && !at(.endOfFile) { advance() }
        }
        if service == nil {
            emit(SyntaxMessages.missingService(.at(bytes.count)))
        }
        return Ruleset(
            version: version, versionRange: versionRange, functions: functions, service: service,
            range: SourceRange(start: 0, end: bytes.count))
    }

    /// Which service block a file with several keeps: the first
    /// `firebase.storage` one, else the first. Generated files in the wild
    /// hold a Firestore and a Storage service side by side, so an extra
    /// service is a warning, not an error.
    private mutating func chooseService(_ kept: ServiceDecl?, _ parsed: ServiceDecl) -> ServiceDecl {
        guard let kept else { return parsed }
        let storage = "firebase.storage"
        if parsed.name == storage && kept.name != storage {
            emit(SyntaxMessages.extraService(kept.name, kept.nameRange))
            return parsed
        }
        emit(SyntaxMessages.extraService(parsed.name, parsed.nameRange))
        return kept
    }

    /// `rules_version = '2' [;]`. Unsupported values are reported; a value
    /// starting with `2` (such as `'2+modules'`) still selects version 2 so
    /// later passes do not pile on version-1 complaints.
    private mutating func parseVersionStatement() -> (RulesVersion, SourceRange) {
        let start = current.start
        advance()
        guard expect(.assign, "=") else {
            synchronizeTopLevel()
            return (.v1, SourceRange(start: start, end: previousEnd))
        }
        guard at(.string), case .string(let value) = takeLiteral() else {
            reportMismatched(expecting: "STRING")
            synchronizeTopLevel()
            return (.v1, SourceRange(start: start, end: previousEnd))
        }
        let valueToken = current
        advance()
        var version = RulesVersion.v1
        switch value {
        case "1": version = .v1
        case "2": version = .v2
        default:
            emit(SyntaxMessages.invalidVersion(text(of: valueToken), valueToken.range))
            version = value.hasPrefix("2") ? .v2 : .v1
        }
        _ = consume(.semicolon)
        return (version, SourceRange(start: start, end: previousEnd))
    }

    /// Skips junk at the top level: through the next `;`, or up to the next
    /// `function`, `service`, `match` or `rules_version`, skipping braced groups whole.
    private mutating func synchronizeTopLevel() {
        var depth = 0
        while !at(.endOfFile) {
            switch current.kind {
            case .leftBrace:
                depth += 1
            case .rightBrace:
                depth = max(0, depth - 1)
            case .semicolon where depth == 0:
                advance()
                return
            case .function, .service, .match, .rulesVersion:
                if depth == 0 { return }
            default:
                break
            }
            advance()
        }
    }

    // MARK: Service

    /// `service a.b { ... }`.
    private mutating func parseService() -> ServiceDecl? {
        let start = current.start
        advance()
        var name = ""
        let nameStart = current.start
        if at(.identifier) {
            name = self.name(of: current)
            advance()
            while at(.dot) {
                advance()
                guard at(.identifier) || current.kind.isKeyword else {
                    reportMismatched(expecting: "IDENTIFIER")
                    break
                }
                name += "." + self.name(of: current)
                advance()
            }
        } else {
            reportMismatched(expecting: "IDENTIFIER")
        }
        let nameRange = SourceRange(start: nameStart, end: max(nameStart, previousEnd))
        guard openBlock() else { return nil }
        var items = BlockItems()
        parseItems(inMatch: false, into: &items)
        closeBlock()
        return ServiceDecl(
            name: name, nameRange: nameRange, functions: items.functions, matches: items.matches,
            range: SourceRange(start: start, end: previousEnd))
    }

    // MARK: Block bodies

    /// The items of a service or match body, in source order per kind.
    struct BlockItems {
        var functions: [FunctionDecl] = []
        var allows: [AllowStatement] = []
        var matches: [MatchBlock] = []
    }

    /// Consumes the `{` that opens a block. When it is missing, reports it
    /// and skips ahead to a `{` unless a statement or `}` comes first.
    mutating func openBlock() -> Bool {
        if consume(.leftBrace) { return true }
        reportMismatched(expecting: "'{'")
        while !at(.leftBrace) && !at(.rightBrace) && !at(.endOfFile) && !Self.startsItem(current.kind) {
            advance()
        }
        return consume(.leftBrace)
    }

    /// Consumes the `}` that closes a block, or reports it missing.
    mutating func closeBlock() {
        if consume(.rightBrace) {
            recovering = false
        } else {
            reportMismatched(expecting: "'}'")
        }
    }

    /// Parses items up to (not including) the closing `}` of a service body
    /// (`inMatch == false`: functions and matches) or a match body (also allows).
    mutating func parseItems(inMatch: Bool, into items: inout BlockItems) {
        while !at(.rightBrace) && !at(.endOfFile) {
            let before = current.start
            switch current.kind {
            case .function:
                recovering = false
                if let function = parseFunction() { items.functions.append(function) }
            case .match:
                recovering = false
                if let block = parseMatch() { items.matches.append(block) }
            case .allow:
                recovering = false
                if inMatch {
                    if let allow = parseAllow() { items.allows.append(allow) }
                } else {
                    reportUnexpected(help: "`allow` statements go inside a `match` block")
                    _ = parseAllow()
                }
            case .slash:
                recovering = false
                report(SyntaxMessages.missingMatchKeyword(current.range))
                if let block = parseMatch() { items.matches.append(block) }
            case .let:
                report(SyntaxMessages.letOutsideFunction(current.range))
                advance()
                synchronize()
            default:
                reportUnexpected()
                advance()
                synchronize()
            }
            if current.start == before && !at(.endOfFile) { advance() }
        }
    }
}
