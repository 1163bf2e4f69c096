import ETLKit
