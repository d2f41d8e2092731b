import Testing

@testable import StorageEmulator

/// When `storage-rules serve` starts itself again with glibc's huge-page
/// tunable, and with what environment.
@Suite struct HugePageRelaunchTests {
    @Test(arguments: [
        ("always [madvise] never\n", "madvise"),
        ("[always] madvise never", "always"),
        ("always madvise [never]", "never"),
        ("always madvise never", nil),
        ("", nil),
    ] as [(String, String?)])
    func readsTheKernelPolicy(text: String, policy: String?) {
        #expect(HugePageRelaunch.policy(in: text) == policy)
    }

    @Test func addsTheTunableWhenTheKernelWaitsForAdvice() {
        #expect(
            HugePageRelaunch.relaunchEnvironment(["HOME=/root", "PATH=/bin"], transparentHugePages: "madvise")
                == ["HOME=/root", "PATH=/bin", "GLIBC_TUNABLES=glibc.malloc.hugetlb=1"])
    }

    @Test func keepsOtherTunables() {
        #expect(
            HugePageRelaunch.relaunchEnvironment(
                ["GLIBC_TUNABLES=glibc.malloc.arena_max=2", "HOME=/root"], transparentHugePages: "madvise")
                == ["GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1", "HOME=/root"])
        #expect(
            HugePageRelaunch.relaunchEnvironment(["GLIBC_TUNABLES="], transparentHugePages: "madvise")
                == ["GLIBC_TUNABLES=glibc.malloc.hugetlb=1"])
    }

    /// A tunable already named is the user's choice, or this relaunch's
    /// own: starting again would loop.
    @Test(arguments: [
        "GLIBC_TUNABLES=glibc.malloc.hugetlb=1",
        "GLIBC_TUNABLES=glibc.malloc.hugetlb=0",
        "GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2",
    ])
    func leavesAChosenTunableAlone(entry: String) {
        #expect(HugePageRelaunch.relaunchEnvironment([entry], transparentHugePages: "madvise") == nil)
    }

    /// With `always` every heap gets huge pages already; with `never` none can.
    @Test(arguments: ["always", "never"])
    func startsOnceWhereAdviceChangesNothing(policy: String) {
        #expect(HugePageRelaunch.relaunchEnvironment(["HOME=/root"], transparentHugePages: policy) == nil)
    }

    @Test func staysUnderValgrind() {
        let environment = ["LD_PRELOAD=/usr/libexec/valgrind/vgpreload_core-amd64-linux.so", "HOME=/root"]
        #expect(HugePageRelaunch.relaunchEnvironment(environment, transparentHugePages: "madvise") == nil)
    }

    @Test func aChildGetsTheEnvironmentBeforeTheRelaunch() throws {
        for original in [["HOME=/root"], ["GLIBC_TUNABLES=glibc.malloc.arena_max=2", "HOME=/root"]] {
            let relaunched = try #require(HugePageRelaunch.relaunchEnvironment(original, transparentHugePages: "madvise"))
            #expect(HugePageRelaunch.environment(removingTunableFrom: relaunched) == original)
        }
    }
}
