import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// What `etl crawl` and `etl images` parse into: the command's options,
/// and how the executable reports while it runs.
package struct OptionsWithOutput<Options: CommandOptions>: CommandOptions {
    package var options = Options()
    package var output = OutputOptions()

    package init() {}

    package init(options: Options, output: OutputOptions) {
        self.options = options
        self.output = output
    }
}
