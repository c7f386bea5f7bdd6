import AirsignCLI
import AirsignKeys
import AirsignKeystore
import ArgumentParser

/// `--kdf interactive|moderate|sensitive`.
extension KDFPreset: ExpressibleByArgument {}
