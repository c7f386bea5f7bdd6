import AirsignKeystore
import AirsignCLI
import AirsignKeys
import ArgumentParser

/// `--kdf interactive|moderate|sensitive`.
extension KDFPreset: ExpressibleByArgument {}
