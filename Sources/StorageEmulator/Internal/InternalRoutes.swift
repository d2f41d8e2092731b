import Foundation
import Hummingbird

/// `/internal/setRules` and `/internal/reset` (storage-service.md §1.9), as
/// `@firebase/rules-unit-testing` calls them.
public struct InternalRoutes: EmulatorRouteGroup {
    /// Creates the group.
    public init() {}

    /// Adds the routes.
    public func register(on router: Router<EmulatorRequestContext>, state: EmulatorState) {
        router.put("/internal/setRules") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 16 * 1024 * 1024)
            return Self.setRules(body: Data(buffer: body), state: state)
        }
        router.post("/internal/reset") { _, _ -> Response in
            state.reset()
            return Responses.empty(.ok)
        }
    }

    static func message(_ text: String, _ status: HTTPResponse.Status) -> Response {
        Responses.json(.object([("message", .string(text))]), status: status)
    }

    /// Validates the body as the Firebase emulator does and replaces the rules.
    static func setRules(body: Data, state: EmulatorState) -> Response {
        let parsed = try? JSONSerialization.jsonObject(with: body)
        guard let root = parsed as? [String: Any], let rules = root["rules"] as? [String: Any],
            let files = rules["files"] as? [Any]
        else {
            return message("Request body must include 'rules.files' array", .badRequest)
        }
        var entries: [(name: String, content: String, bucket: String?)] = []
        for item in files {
            guard let file = item as? [String: Any], let name = file["name"] as? String,
                let content = file["content"] as? String
            else {
                return message("Each member of 'rules.files' array must contain 'name' and 'content'", .badRequest)
            }
            entries.append((name, content, file["resource"] as? String))
        }
        if entries.count > 1, entries.contains(where: { $0.bucket == nil }) {
            return message("Each member of 'rules.files' array must contain 'name', 'content', and 'resource'", .badRequest)
        }
        guard state.rules.replace(files: entries) else {
            return message("There was an error updating rules, see logs for more details", .badRequest)
        }
        return message("Rules updated successfully", .ok)
    }
}
