/// Rows of text as aligned columns (two spaces apart, the last column unpadded), for the
/// listings both programs print on standard error.
public enum TextTable {
    /// The rows (the first usually a header) as lines.
    public static func render(_ rows: [[String]]) -> String {
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                if index < widths.count {
                    widths[index] = max(widths[index], cell.count)
                } else {
                    widths.append(cell.count)
                }
            }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }.joined()
        }.joined(separator: "\n")
    }
}
