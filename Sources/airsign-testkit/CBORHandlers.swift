let cborHandlers: [String: Handler] = [:]
