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
            let body = try await request.body.collect(upTo: 1024 * 1024)
            let parsed = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any]
            guard let path = parsed?["path"] as? String, !path.isEmpty else {
                return Responses.text("Export request body must include 'path'.", status: .badRequest)
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
}
