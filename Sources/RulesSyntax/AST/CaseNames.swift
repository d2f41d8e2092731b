/// Finds which of a list of ASCII names a string is, byte for byte: the
/// names of rule methods (`get`, `write`) and of the fields of `request`
/// and `resource`, looked up for every `request:` step a suite names and
/// every field a traced decision reads.
///
/// A string-valued enumeration's synthesized `init(rawValue:)` compares
/// the string with every case's name as a `String` in turn (300 to 600
/// instructions). Here it is compared only with the names of as many
/// bytes, usually one to three, each with one `==`, which for two small
/// ASCII strings compares two words.
///
/// Every name must be ASCII. Then a string of as many bytes that `String`
/// finds equal (canonically equivalent) has the same bytes: a character
/// equivalent to ASCII text (the Kelvin sign to `K`) takes more bytes than
/// that text.
///
/// Not generic: a generic lookup called from another module of the package
/// is not specialized there, and reading each name through the type's
/// witness tables cost about 900 instructions a lookup.
package struct CaseNames: Sendable {
    /// The names with their positions in the list, by their byte counts.
    private let byLength: [[(name: String, position: Int)]]

    /// The table of `names`, which must be ASCII.
    package init(_ names: [String]) {
        var table: [[(name: String, position: Int)]] = []
        for (position, name) in names.enumerated() {
            let bytes = name.utf8
            precondition(bytes.allSatisfy { $0 < 0x80 }, "names are compared as ASCII")
            if table.count <= bytes.count { table += Array(repeating: [], count: bytes.count + 1 - table.count) }
            table[bytes.count].append((name, position))
        }
        byLength = table
    }

    /// The position in the list of the name that is exactly `string`, or `nil`.
    package func position(of string: String) -> Int? {
        let length = string.utf8.count
        guard length < byLength.count else { return nil }
        for (name, position) in byLength[length] where name == string { return position }
        return nil
    }
}
