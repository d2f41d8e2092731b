import Foundation

/// Finds suite files: files as given, folders searched recursively for
/// `*.test.yaml`, `*.test.yml` and `*.test.json` (hidden folders skipped).
/// A folder reached twice through symbolic links is searched once (a link
/// to a folder above it is no endless descent), and a file named twice
/// (`a.test.yaml`, `./a.test.yaml`, a link to it) runs once.
public enum SuiteDiscovery {
    /// The suffixes of suite files.
    public static let suffixes = [".test.yaml", ".test.yml", ".test.json"]

    /// Suite paths in a stable order, and errors for paths that do not exist.
    public static func find(_ paths: [String]) -> (files: [String], errors: [SuiteLoadError]) {
        var files: [String] = []
        var errors: [SuiteLoadError] = []
        var searched: Set<String> = []
        let manager = FileManager.default
        for path in paths.isEmpty ? ["."] : paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(SuiteLoadError(location: SuiteLocation(file: path, line: 1, column: 1), message: "no such file or folder"))
                continue
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            var found: [String] = []
            collect(path, into: &found, searched: &searched, manager: manager)
            found.sort()
            files += found
        }
        var seen: Set<String> = []
        return (files.filter { seen.insert(realPath($0)).inserted }, errors)
    }

    private static func collect(_ folder: String, into found: inout [String], searched: inout Set<String>, manager: FileManager) {
        guard searched.insert(realPath(folder)).inserted, let entries = try? manager.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = folder == "." ? entry : (folder.hasSuffix("/") ? folder + entry : folder + "/" + entry)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                collect(path, into: &found, searched: &searched, manager: manager)
            } else if suffixes.contains(where: { entry.hasSuffix($0) }) {
                found.append(path)
            }
        }
    }

    /// The path with every symbolic link, `.` and `..` resolved, or the path
    /// itself when it cannot be (a race with a removal).
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Discovery, loading and running in one call: what `storage-rules test` does.
public enum TestSession {
    /// Finds, loads and runs the suites under `paths`.
    public static func run(
        paths: [String], options: RunOptions = RunOptions(), progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async -> RunResult {
        ThreadHeaps.adviseCurrentThread()
        let (files, discoveryErrors) = SuiteDiscovery.find(paths)
        let loader = SuiteLoader()
        var suites: [TestSuite] = []
        var errors = discoveryErrors
        for file in files {
            do {
                suites.append(try loader.load(path: file))
            } catch {
                errors.append(error)
            }
        }
        if files.isEmpty && discoveryErrors.isEmpty {
            let shown = paths.isEmpty ? "." : paths.joined(separator: " ")
            errors.append(SuiteLoadError(
                location: SuiteLocation(file: shown, line: 1, column: 1),
                message: "no suite files (*.test.yaml, *.test.yml, *.test.json) found"))
        }
        let results = await TestRunner(options: options).run(suites, progress: progress)
        ProcessLifetime.release(suites)
        var run = RunResult(suites: results, loadErrors: errors)
        run.filter = options.filter
        run.allowsEmpty = options.allowsEmpty
        return run
    }
}
