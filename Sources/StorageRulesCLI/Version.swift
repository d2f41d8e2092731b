/// The toolchain's version, printed by `storage-rules --version`; the one place it is defined.
public enum StorageRulesVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
