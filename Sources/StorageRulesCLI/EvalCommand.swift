import ArgumentParser
import RulesEngine
import RulesSyntax
import RulesTesting

/// `storage-rules eval RULES --method M --path P ...`: authorize one request.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Authorize one request against a rules file and explain the decision.",
        discussion: """
            Exits 0 when the request is allowed, 1 when it is denied, 2 on bad input.
            Example:
              storage-rules eval storage.rules --method create --path images/a.jpg \\
                --auth '{"uid": "alice"}' --resource '{"size": 2048, "contentType": "image/png"}'
            """
    )

    @Argument(help: "The rules file (`-` reads standard input).")
    var rules: String

    @Option(help: "The granular method: get, list, create, update or delete.")
    var method: String

    @Option(help: "The object name inside the bucket (for list: the folder), without a leading slash; not normalized like an SDK path, but empty segments are dropped from request.path, as the emulator does.")
    var path: String

    @Option(help: "The bucket name.")
    var bucket = "default-bucket"

    @Option(help: "request.auth as JSON: {\"uid\": \"alice\", \"token\": {...}}; omit or null when signed out.")
    var auth: String?

    @Option(help: "request.resource as a JSON map (the incoming object), taken literally.")
    var resource: String?

    @Option(help: "resource as a JSON map (the stored object); timeCreated and updated may be RFC 3339 strings.")
    var existing: String?

    @Option(help: "request.time as RFC 3339 (default: now).")
    var time: String?

    @Option(help: "Firestore documents as JSON: {\"users/alice\": {\"role\": \"admin\"}}.")
    var firestore: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Behave like the Firebase emulator (enables debug()).")
    var emulator = false

    func run() throws {
        do {
            let request = try makeRequest()
            let text = try Terminal.read(rules).get()
            let result = CompiledRuleset.compile(SourceFile(path: Terminal.displayName(rules), text: text), options: emulator ? .emulator : .production)
            guard let compiled = result.ruleset else {
                Terminal.printError(DiagnosticRenderer(style: .human, color: false).render(result.diagnostics, in: result.source))
                throw ExitCode(2)
            }
            let decision = compiled.authorize(request)
            let explanation = Explainer(rules: compiled).explain(decision)
            switch format {
            case .text:
                let debug = decision.debugOutput.map { "debug: \($0.rulesDescription)\n" }.joined()
                try OutputFile.writeStandardOutput(debug + explanation.text(color: Terminal.stdoutWantsColor))
            case .json: try OutputFile.writeStandardOutput(explanation.json + "\n")
            }
            if !decision.allowed { throw ExitCode(1) }
        } catch let error as CLIError {
            Terminal.printError("error: \(error)")
            throw ExitCode(2)
        }
    }

    private func makeRequest() throws -> AuthorizationRequest {
        guard let granular = RuleMethod(rawValue: method), granular.granular == [granular] else {
            throw CLIError("--method must be one of get, list, create, update, delete (got `\(method)`)")
        }
        let requestTime: Timestamp
        if let time {
            guard let parsed = Timestamp(rfc3339: time) else { throw CLIError("--time is not an RFC 3339 timestamp: `\(time)`") }
            requestTime = parsed
        } else {
            requestTime = Timestamp.now()
        }
        let arguments = EvalInput.rawArguments
        if let index = EvalInput.firstInvalidUTF8(arguments) {
            throw CLIError(EvalInput.invalidUTF8Message(arguments, at: index))
        }
        return AuthorizationRequest(
            method: granular, bucket: try EvalInput.bucket(bucket), objectPath: try EvalInput.objectPath(path), auth: try identity(),
            incoming: try map(resource, "--resource"), existing: try EvalInput.existing(try map(existing, "--existing")),
            time: requestTime, documents: try documents())
    }

    private func json(_ text: String, _ option: String) throws -> Value {
        do {
            return try ValueJSON.parse(text)
        } catch {
            throw CLIError("\(option) is not valid JSON: \(error)")
        }
    }

    private func map(_ text: String?, _ option: String) throws -> Value? {
        guard let text else { return nil }
        let value = try json(text, option)
        switch value {
        case .null: return nil
        case .map: return value
        default: throw CLIError("\(option) must be a JSON object or null")
        }
    }

    private func identity() throws -> AuthIdentity? {
        guard let value = try map(auth, "--auth") else { return nil }
        guard case .map(let map) = value, case .string(let uid)? = map["uid"] else {
            throw CLIError("--auth needs a string `uid`")
        }
        guard case .map(let token)? = map["token"] ?? .map(RulesMap()) else { throw CLIError("--auth token must be an object") }
        return AuthIdentity(uid: uid, token: token.entries)
    }

    private func documents() throws -> (any DocumentSource)? {
        guard let value = try map(firestore, "--firestore"), case .map(let map) = value else { return nil }
        var documents: [String: RulesMap] = [:]
        for (path, fields) in map.entries {
            _ = try EvalInput.documentPath(path)
            switch fields {
            case .map(let fieldMap): documents[path] = fieldMap
            case .null: continue
            default: throw CLIError("--firestore document `\(path)` must be an object or null")
            }
        }
        return InMemoryDocuments(documents)
    }
}
