import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// What every HTML page etl writes begins with (the report, the gallery):
/// UTF-8, a phone-sized viewport, the page's own inline CSS, nothing fetched.
package enum HTMLDocument {
    /// Up to and including `<body>` and its line break. `title` is
    /// inserted as given: callers pass text that needs no escaping or escape it.
    package static func opening(title: String, style: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>\(style)</style>
        </head>
        <body>

        """
    }
}
