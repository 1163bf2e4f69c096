/// The one rule for "the front end refused us": a 403 or 429, or a 200
/// whose body is an HTML page where data was expected (Imperva sometimes
/// sends its block page with status 200).
public enum RefusalSignal {
    public static func isRefusal(_ response: HTTPResponse) -> Bool {
        switch response.status {
        case 403, 429: return true
        case 200: return isHTML(response)
        default: return false
        }
    }

    /// Whether a refusal with this status is strong evidence of a block: a
    /// 403 or 429 is; a page with status 200 may be a maintenance page.
    public static func isStrong(status: Int?) -> Bool {
        status == 403 || status == 429
    }

    /// A content type naming HTML, or a body that opens with `<` after
    /// white space.
    public static func isHTML(_ response: HTTPResponse) -> Bool {
        if response.contentType?.lowercased().contains("html") == true { return true }
        let first = response.body.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return first == UInt8(ascii: "<")
    }

    /// "HTTP 403 (text/html, 512 bytes)": what an answer was, for messages.
    public static func describe(_ response: HTTPResponse) -> String {
        "HTTP \(response.status) (\(response.contentType ?? "no content type"), \(response.body.count) bytes)"
    }
}
