/// The original app took single-dash launch arguments (`-test`, `-dumpspawn`, `-mode GPU`,
/// `-count N`, `-size X`). The options themselves are accepted by the commands as they are;
/// this only turns the two action flags into the commands that do the same job.
enum OriginalArguments {
    static let commands: [String: String] = ["-test": "simulate", "-dumpspawn": "spawn"]

    static func translate(_ arguments: [String]) -> [String] {
        guard let first = arguments.first, first.hasPrefix("-") else { return arguments }
        for (flag, command) in commands where arguments.contains(flag) {
            return [command] + arguments.filter { $0 != flag }
        }
        return arguments
    }
}
