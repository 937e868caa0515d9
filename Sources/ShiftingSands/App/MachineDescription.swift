import Foundation

/// The processor a run measured on, as reports and plots name it.
struct MachineDescription {
    var cpu: String
    var cores: Int

    static var current: MachineDescription {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let modelLine = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        let model = modelLine?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown"
        return MachineDescription(cpu: model, cores: ProcessInfo.processInfo.activeProcessorCount)
    }
}
