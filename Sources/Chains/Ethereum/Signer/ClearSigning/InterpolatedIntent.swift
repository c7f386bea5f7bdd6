/// ERC-7730's `interpolatedIntent`: a sentence whose `{path}` expressions are replaced by the
/// formatted values of the fields with those paths (`{{` and `}}` are literal braces). When an
/// expression names no shown field, or the braces do not pair, there is no sentence and the
/// review keeps the plain intent, as the specification's fallback says.
public enum InterpolatedIntent {
    /// `template` filled from `values` (formatted values by `key` of their paths); nil when an
    /// expression cannot be filled.
    public static func fill(_ template: String, values: [String: String]) -> String? {
        var out = ""
        var characters = template[...]
        while let first = characters.first {
            characters = characters.dropFirst()
            switch first {
            case "{":
                if characters.first == "{" {
                    characters = characters.dropFirst()
                    out.append("{")
                    continue
                }
                guard let close = characters.firstIndex(of: "}") else { return nil }
                let expression = characters[..<close].trimmingSpaces
                characters = characters[characters.index(after: close)...]
                guard let path = try? DescriptorPath(String(expression)), let value = values[key(path)] else {
                    return nil
                }
                out += value
            case "}":
                guard characters.first == "}" else { return nil }
                characters = characters.dropFirst()
                out.append("}")
            default:
                out.append(first)
            }
        }
        return out
    }

    /// A path as an expression names it: the data's paths with or without `#.`.
    public static func key(_ path: DescriptorPath) -> String {
        let text = path.description
        return text.hasPrefix("#.") ? String(text.dropFirst(2)) : text
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
