/// One entry of a table scripts/gen-unicode-security generated: a code point range and its
/// values (code points, a combining class or script indices, by table).
package struct UnicodeTableEntry: Sendable {
    package let first: UInt32
    package let last: UInt32
    package let values: [UInt32]
}

/// Reads the generated tables' text form: whitespace-separated `FIRST[-LAST]=V1.V2…`, every
/// number hexadecimal. The text is compiled in, never input: a malformed table is a bug of the
/// generator, caught by UnicodeTablesTests, so it stops the program rather than being skipped.
package enum UnicodeTableText {
    package static func entries(_ text: String, count: Int, table: String) -> [UnicodeTableEntry] {
        var entries: [UnicodeTableEntry] = []
        entries.reserveCapacity(count)
        for token in text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x0a }) {
            let parts = token.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { malformed(table, token) }
            let range = parts[0].split(separator: UInt8(ascii: "-"))
            guard let first = range.first.flatMap(number), range.count <= 2,
                let last = range.count == 2 ? number(range[1]) : first,
                first <= last
            else { malformed(table, token) }
            var values: [UInt32] = []
            for value in parts[1].split(separator: UInt8(ascii: ".")) {
                guard let number = number(value) else { malformed(table, token) }
                values.append(number)
            }
            entries.append(UnicodeTableEntry(first: first, last: last, values: values))
        }
        guard entries.count == count else {
            preconditionFailure("\(table): \(entries.count) entries, the generator wrote \(count)")
        }
        return entries
    }

    /// A table whose values are code points, as a dictionary from each code point of its
    /// ranges to the scalars of its value.
    package static func scalarMap(_ text: String, count: Int, table: String) -> [UInt32: [Unicode.Scalar]] {
        var map: [UInt32: [Unicode.Scalar]] = [:]
        for entry in entries(text, count: count, table: table) {
            let scalars = entry.values.map { code in
                guard let scalar = Unicode.Scalar(code) else {
                    preconditionFailure("\(table): \(code) is not a scalar value")
                }
                return scalar
            }
            for code in entry.first...entry.last { map[code] = scalars }
        }
        return map
    }

    private static func number(_ digits: Substring.UTF8View) -> UInt32? {
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        return UInt32(Substring(digits), radix: 16)
    }

    private static func malformed(_ table: String, _ token: Substring.UTF8View) -> Never {
        preconditionFailure("\(table): malformed entry \(Substring(token))")
    }
}

/// Sorted, disjoint code point ranges, each with a value, searched by bisection.
package struct UnicodeRanges<Value: Sendable>: Sendable {
    private let firsts: [UInt32]
    private let lasts: [UInt32]
    private let values: [Value]

    package init(_ entries: [UnicodeTableEntry], table: String, value: (UnicodeTableEntry) -> Value) {
        for (a, b) in zip(entries, entries.dropFirst()) where a.last >= b.first {
            preconditionFailure("\(table): ranges out of order at \(String(b.first, radix: 16))")
        }
        firsts = entries.map(\.first)
        lasts = entries.map(\.last)
        values = entries.map(value)
    }

    /// The value of the range holding `code`, if one does.
    package func value(_ code: UInt32) -> Value? {
        var low = 0
        var high = firsts.count
        while low < high {
            let middle = low + (high - low) / 2
            if firsts[middle] <= code { low = middle + 1 } else { high = middle }
        }
        guard low > 0, code <= lasts[low - 1] else { return nil }
        return values[low - 1]
    }
}
