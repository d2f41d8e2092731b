import Foundation
import Hummingbird
import StorageSimulator

/// `POST /internal/export` (storage-service.md §1.9): the Firebase CLI hub
/// calls it with `{"path": ..., "initiatedBy": ...}` to export every
/// emulator's data into one folder.
public struct ExportRoutes: EmulatorRouteGroup {
    /// Creates the group.
    public init() {}

    /// Adds the route.
    public func register(on router: Router<EmulatorRequestContext>, state: EmulatorState) {
        router.post("/internal/export") { request, _ -> Response in
            // A JSON content type makes a browser preflight the request (CORS).
            let mediaType = request.headers[.contentType]?.split(separator: ";").first?
                .trimmingCharacters(in: .whitespaces).lowercased()
            guard mediaType == "application/json" else {
                return Responses.error(.unsupportedMediaType, "Export requests must have Content-Type: application/json.")
            }
            let body = try await request.body.collect(upTo: 1024 * 1024)
            let parsed = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any]
            guard let path = parsed?["path"] as? String, !path.isEmpty else {
                return Responses.text("Export request body must include 'path'.", status: .badRequest)
            }
            if let data = state.dataFolder, Self.isSameOrInside(path, folder: data) {
                return Responses.text("Export path must not be the --data folder or lie inside it.", status: .badRequest)
            }
            do {
                let summary = try state.simulator.admin.export(to: path)
                state.log.write("Exported \(summary.objectCount) objects in \(summary.bucketCount) buckets to \(path)")
                return Responses.empty(.ok)
            } catch {
                return Responses.error(.internalServerError, "Export failed: \(error)")
            }
        }
    }

    /// Whether `path` is `folder` or lies under it, comparing absolute,
    /// standardized paths both as written and with symbolic links resolved
    /// (a path that does not exist yet keeps its links).
    static func isSameOrInside(_ path: String, folder: String) -> Bool {
        func forms(_ path: String) -> [[String]] {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            return [url.pathComponents, url.resolvingSymlinksInPath().pathComponents]
        }
        return forms(path).contains { inner in
            forms(folder).contains { outer in inner.count >= outer.count && Array(inner.prefix(outer.count)) == outer }
        }
    }
}
