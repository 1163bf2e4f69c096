/// A deliberately simple whole-file CSV parser used only as an oracle for
/// `CSVReader` on the real sample. It shares no code with the reader and
/// trades speed for obviousness: the whole file is decoded up front and
/// walked one Unicode scalar at a time. Handles what the sample contains:
/// quoted fields with commas, doubled quotes and LF/CRLF newlines.
enum ReferenceCSVParser {
    static func records(in text: String) -> [[String]] {
        var records: [[String]] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var inQuotes = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if inQuotes {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.append(scalars.removeFirst())
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                inQuotes = true
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
            case "\r" where scalars.first == "\n":
                break
            case "\n":
                fields.append(String(field))
                records.append(fields)
                fields = []
                field = String.UnicodeScalarView()
            default:
                field.append(scalar)
            }
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(String(field))
            records.append(fields)
        }
        return records
    }
}
