import ArgumentParser
import Foundation
import RulesTesting

/// `storage-rules test [PATH...]`: runs rules test suites.
public struct TestCommand: AsyncParsableCommand {
    /// The command's configuration.
    public static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run rules test suites (*.test.yaml, *.test.yml, *.test.json).",
        usage: "storage-rules test [<options>] [<path> ...]",
        discussion: """
            Folders are searched recursively; with no path, the current folder is searched.

            Exit status: 0 when every case passed; 1 when a case failed, no case ran (unless --allow-empty) or coverage is below --coverage-threshold; 2 when a suite or rules file could not be loaded or a report could not be written.
            """
    )

    /// Report formats.
    public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// Terminal text.
        case human
        /// One JSON document.
        case json
        /// JUnit XML.
        case junit
    }

    /// Suite files and folders.
    @Argument(help: "Suite files and folders (default: the current folder).")
    public var paths: [String] = []

    /// Case-name filter.
    @Option(help: ArgumentHelp("Run only cases whose name contains TEXT (case-insensitive).", valueName: "text"))
    public var filter: String?

    /// Whether to list every case.
    @Flag(name: .shortAndLong, help: "List passing and skipped cases too.")
    public var verbose = false

    /// Report format.
    @Option(help: "Report format: human, json or junit.")
    public var format: Format = .human

    /// Report destination.
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the report to FILE instead of standard output.", valueName: "file"))
    public var output: String?

    /// Terminal coverage summary.
    @Flag(help: "Print which allow statements and condition branches the run evaluated.")
    public var coverage = false

    /// lcov destination.
    @Option(name: .customLong("coverage-lcov"), help: ArgumentHelp("Write coverage as an lcov tracefile to FILE.", valueName: "file"))
    public var coverageLcov: String?

    /// HTML destination.
    @Option(name: .customLong("coverage-html"), help: ArgumentHelp("Write coverage as one HTML page to FILE.", valueName: "file"))
    public var coverageHTML: String?

    /// Minimum coverage.
    @Option(name: .customLong("coverage-threshold"), help: ArgumentHelp("Fail when allow-statement or branch coverage is below N percent.", valueName: "n"))
    public var coverageThreshold: Double?

    /// Parallelism.
    @Option(parsing: .unconditional, help: ArgumentHelp("Cases to run at once (default: the number of cores).", valueName: "n"))
    public var jobs: Int?

    /// Accepts a run in which no case ran.
    @Flag(name: .customLong("allow-empty"), help: "Exit 0 when no case ran (a filter that matched nothing, suites without cases).")
    public var allowEmpty = false

    /// Disables colour.
    @Flag(name: .customLong("no-color"), help: "Print no colour codes. Without it, colour is used only on a terminal and only when NO_COLOR is unset.")
    public var noColor = false

    /// Creates the command (used by ArgumentParser).
    public init() {}

    /// Checks option values.
    public func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let coverageThreshold, !(0...100).contains(coverageThreshold) {
            throw ValidationError("--coverage-threshold must be between 0 and 100")
        }
    }

    /// Runs the suites and exits with 0, 1 or 2.
    public func run() async throws {
        let progress = ProgressIndicator(enabled: ProgressIndicator.stderrIsTerminal)
        let wantsCoverage = coverage || coverageLcov != nil || coverageHTML != nil || coverageThreshold != nil
        var options = RunOptions(filter: filter)
        if let jobs { options.parallelism = jobs }
        options.allowsEmpty = allowEmpty
        // Coverage counts every traced expression and the JSON report explains passing steps too.
        options.recordsTraces = wantsCoverage || format == .json
        let run = await TestSession.run(paths: paths, options: options) { finished, total in
            progress.update(finished: finished, total: total)
        }
        progress.finish()

        let report = wantsCoverage ? CoverageCollector.collect(run) : nil
        let color = !noColor && output == nil && format == .human && Terminal.stdoutWantsColor

        var text: String
        switch format {
        case .human:
            text = HumanReporter(color: color, verbose: verbose).report(run)
            if let report, coverage {
                // The closing `N passed, N failed` line stays last.
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if lines.last == "" { lines.removeLast() }
                let closing = lines.popLast() ?? ""
                text = (lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n") + CoverageSummaryWriter.write(report) + closing + "\n"
            }
        case .json:
            text = JSONReporter().report(run, coverage: report)
        case .junit:
            text = JUnitReporter().report(run)
            if let report, coverage { FileHandle.standardError.write(Data(CoverageSummaryWriter.write(report).utf8)) }
        }

        do throws(CLIError) {
            if let output {
                try OutputFile.write(text, toFile: output)
                try OutputFile.writeStandardOutput(run.summaryLine + "\n")
            } else {
                try OutputFile.writeStandardOutput(text)
            }
            if let report {
                if let coverageLcov { try OutputFile.write(LcovWriter.write(report), toFile: coverageLcov) }
                if let coverageHTML { try OutputFile.write(HTMLCoverageWriter.write(report), toFile: coverageHTML) }
            }
        } catch {
            Terminal.printError("error: \(error)")
            throw ExitCode(2)
        }

        var status = run.exitCode
        if let message = run.emptyRunMessage { FileHandle.standardError.write(Data("error: \(message)\n".utf8)) }
        if let report, let coverageThreshold, status == 0, let message = report.thresholdShortfall(coverageThreshold) {
            FileHandle.standardError.write(Data((message + "\n").utf8))
            status = 1
        }
        ProcessLifetime.release(run)
        if let report { ProcessLifetime.release(report) }
        if status != 0 { throw ExitCode(status) }
    }
}
