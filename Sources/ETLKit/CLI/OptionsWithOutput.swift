/// What `etl crawl` and `etl images` parse into: the command's options,
/// and how the executable reports while it runs.
struct OptionsWithOutput<Options: CommandOptions>: CommandOptions {
    var options = Options()
    var output = OutputOptions()
}
