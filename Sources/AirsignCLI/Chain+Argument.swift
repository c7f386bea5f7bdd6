import AirsignKeys
import ArgumentParser

/// `--chain substrate|icp|ethereum|stellar`.
extension Chain: ExpressibleByArgument {}

/// `--scheme sr25519|ed25519|ecdsa` (Substrate's names).
extension SubstrateScheme: ExpressibleByArgument {}
