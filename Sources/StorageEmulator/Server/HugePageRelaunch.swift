#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a long-lived process again with glibc's transparent huge pages
/// for its heaps (`GLIBC_TUNABLES=glibc.malloc.hugetlb=1`), which glibc
/// reads only when a process starts.
///
/// An emulator holding a large bucket reads objects, names and index nodes
/// scattered over hundreds of megabytes of heap; with 4 KiB pages nearly
/// every one of those reads also misses the processor's address
/// translation cache, and on a virtual machine such a miss walks two page
/// tables. Backed by 2 MiB pages, a lookup at a million objects took
/// 599–669 ns where it took 769–1,050 ns, and a folder page of 1,000 items
/// 29–47 µs where it took 37–68 µs (README, "Performance").
///
/// The kernel gives huge pages only to memory advised for them when its
/// policy is `madvise` (the usual default); glibc advises its heaps as it
/// grows them when the tunable is set. A process cannot set it for itself
/// after start, so `storage-rules serve` replaces itself, before it serves
/// anything, with the same executable, arguments and environment plus the
/// tunable: same process id, same open files. A `GLIBC_TUNABLES` that
/// already names `glibc.malloc.hugetlb` is the user's choice (`=0` turns
/// this off) and is left alone, which also ends the relaunch after one
/// step. Under valgrind (its preload library in `LD_PRELOAD`) the process
/// stays as it is: valgrind cannot start `/proc/self/exe` again inside
/// itself.
public enum HugePageRelaunch {
    /// The tunable added to `GLIBC_TUNABLES`.
    static let tunable = "glibc.malloc.hugetlb=1"
    /// How an environment entry of glibc's tunables begins.
    private static let tunablesPrefix = "GLIBC_TUNABLES="

    /// Replaces the process as described above when that would change its
    /// memory; returns when it would not, or when the replacement fails
    /// (the process then goes on with the pages it has).
    public static func relaunchIfUseful() {
        #if canImport(Glibc)
        guard let mode = transparentHugePageMode(),
            let environment = relaunchEnvironment(currentEnvironment(), transparentHugePages: mode)
        else { return }
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        let variables = environment.map { strdup($0) } + [nil]
        _ = execve("/proc/self/exe", arguments, variables)
        // Not replaced (no /proc, an executable since removed): go on as is.
        for pointer in arguments + variables { free(pointer) }
        #endif
    }

    /// The environment (`NAME=value` entries) to start again with, or `nil`
    /// when starting again would not change the process's pages (the
    /// kernel's policy, `/sys/kernel/mm/transparent_hugepage/enabled`'s
    /// bracketed word, is not `madvise`, or `GLIBC_TUNABLES` already names
    /// the tunable) or would leave valgrind.
    static func relaunchEnvironment(_ environment: [String], transparentHugePages mode: String) -> [String]? {
        guard mode == "madvise",
            !environment.contains(where: { $0.hasPrefix("LD_PRELOAD=") && $0.contains("vgpreload") })
        else { return nil }
        let prefix = tunablesPrefix
        guard let position = environment.firstIndex(where: { $0.hasPrefix(prefix) }) else {
            return environment + [prefix + tunable]
        }
        let value = environment[position].dropFirst(prefix.count)
        let names = value.split(separator: ":").map { $0.split(separator: "=", maxSplits: 1).first ?? "" }
        guard !names.contains("glibc.malloc.hugetlb") else { return nil }
        var result = environment
        result[position] = prefix + (value.isEmpty ? tunable : value + ":" + tunable)
        return result
    }

    /// `environment` less the tunable this adds: for a child process that
    /// should start with the memory policy the parent started with (the
    /// benchmark's timed `storage-rules test` runs).
    public static func environment(removingTunableFrom environment: [String]) -> [String] {
        let prefix = tunablesPrefix
        return environment.compactMap { entry in
            guard entry.hasPrefix(prefix) else { return entry }
            let kept = entry.dropFirst(prefix.count).split(separator: ":").filter { $0 != tunable }
            return kept.isEmpty ? nil : prefix + kept.joined(separator: ":")
        }
    }

    /// The bracketed word of the kernel's transparent huge page policy file
    /// (`always [madvise] never` → `madvise`).
    static func policy(in text: String) -> String? {
        guard let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// The process's environment as it is, in order (Foundation's
    /// dictionary would drop a repeated name's entries).
    public static func currentEnvironment() -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            result.append(String(cString: pointer))
            entry += 1
        }
        return result
    }

    #if canImport(Glibc)
    /// The kernel's transparent huge page policy, or `nil` without one.
    private static func transparentHugePageMode() -> String? {
        guard let file = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        return policy(in: String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    #endif
}
