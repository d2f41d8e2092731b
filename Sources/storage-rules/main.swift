import ArgumentParser
#if canImport(Glibc)
import CGlibcMalloc
#endif
import Foundation
import RulesTesting
import StorageRulesCLI

/// Runs an async command; the generic context selects the `async` `run()`.
func runAsync<Command: AsyncParsableCommand>(_ command: inout Command) async throws {
    try await command.run()
}

/// Opens the existential so ``runAsync(_:)`` sees the concrete command type.
func runAsync(_ command: any AsyncParsableCommand) async throws {
    var concrete = command
    try await runAsync(&concrete)
}

#if canImport(Glibc)
// `test` and `serve` allocate tens of megabytes in small blocks from several
// threads. By default glibc grows each heap by what is asked and hands memory
// back once 128 KiB are free at its top, so a run of 10,000 cases spent a
// tenth of its time growing and shrinking heaps in system calls. Reserving
// 64 MiB at each growth and keeping what is freed removes those calls; pages
// still cost memory only once touched. Setting these turns off glibc's
// adaptive threshold for serving a block by its own `mmap`, so it is set too:
// a suite's 5 MiB uploads would otherwise each be mapped, faulted in page by
// page and unmapped, where from the heap the next one reuses the last one's
// pages (32 MiB is the largest threshold glibc takes).
_ = mallopt(M_TOP_PAD, 64 << 20)
_ = mallopt(M_TRIM_THRESHOLD, 128 << 20)
_ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
// The suite loader's and the runner's threads ask for huge pages for their
// heaps: a large suite otherwise spends a tenth of its run in page faults.
ThreadHeaps.prefersHugePages = true
#endif

// The process exits when its command returns: what a large run built is left
// to the operating system rather than freed piece by piece.
ProcessLifetime.keepValuesUntilExit()

// Parse and dispatch by hand: on Linux, top-level `await Command.main()`
// resolves to the synchronous overload, which refuses async subcommands.
do {
    var command = try StorageRulesCommand.parseAsRoot()
    if let asyncCommand = command as? any AsyncParsableCommand {
        try await runAsync(asyncCommand)
    } else {
        try command.run()
    }
} catch {
    let status = StorageRulesCommand.exitStatus(for: error)
    if status != StorageRulesCommand.exitCode(for: error).rawValue {
        FileHandle.standardError.write(Data((StorageRulesCommand.fullMessage(for: error) + "\n").utf8))
        exit(status)
    }
    StorageRulesCommand.exit(withError: error)
}
