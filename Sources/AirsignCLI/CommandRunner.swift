import ArgumentParser
import Glibc

/// The programs' `main`: parses the command line, runs the command, and turns any error into
/// one line on stderr and the documented exit status (see `ExitStatus`). Help and `--version`
/// go to stdout with status 0; command-line mistakes print the error and the usage with status 2,
/// except a value its option's type refuses with an error of its own (a Stellar address or
/// amount): one line naming the option, with that error's status, as any refused input.
public enum CommandRunner {
    /// Runs `root` with the process arguments (or `arguments`) and exits.
    public static func main(_ root: any ParsableCommand.Type, arguments: [String]? = nil) -> Never {
        let program = root.configuration.commandName ?? "airsign"
        do {
            var command = try root.parseAsRoot(arguments)
            try command.run()
            exit(ExitStatus.success.rawValue)
        } catch {
            exit(report(error, root: root, program: program).rawValue)
        }
    }

    /// Prints what the user needs to see about `error` and returns the exit status.
    static func report(_ error: any Error, root: any ParsableCommand.Type, program: String) -> ExitStatus {
        switch error {
        case is any ExitStatusProviding:
            Console.error(program, String(describing: error))
            return ExitStatus.of(error)
        case let code as ExitCode:
            return ExitStatus(rawValue: code.rawValue) ?? .failure
        default:
            break
        }
        // ArgumentParser's own outcomes: help and version requests, parse and validation errors.
        let code = root.exitCode(for: error)
        let message = root.fullMessage(for: error)
        if code == .success {
            Console.output(message)
            return .success
        }
        if code == .validationFailure {
            // A value refused for what it says (not how the command line is written) is refused
            // input: one line naming the option and why, the error's own status.
            if let refusal = valueRefusal(in: error) {
                Console.error(program, root.message(for: error))
                return refusal.exitStatus
            }
            let prefix = "Error: "
            Console.info(message.hasPrefix(prefix) ? "\(program): error: " + message.dropFirst(prefix.count) : message)
            return .usage
        }
        Console.error(program, root.message(for: error))
        return .failure
    }

    /// The error an option's transform threw, found inside ArgumentParser's parse error (which
    /// keeps it but does not make it public).
    static func valueRefusal(in value: Any, depth: Int = 0) -> (any ExitStatusProviding)? {
        if let refusal = value as? any ExitStatusProviding { return refusal }
        guard depth < 6 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let refusal = valueRefusal(in: child.value, depth: depth + 1) { return refusal }
        }
        return nil
    }
}
