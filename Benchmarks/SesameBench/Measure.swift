import Foundation

/// Timing and memory helpers. Figures are medians over repeated runs, because the machines are noisy.
enum Measure {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Wall-clock and CPU seconds (user + system of the whole process) of `body`. On a shared machine the wall
    /// clock of a short step is mostly waiting for a core or the disk; its CPU time hardly moves with the load.
    static func wallAndCPU(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        let cpuBefore = processCPUSeconds()
        let wall = try seconds(body)
        return (wall, processCPUSeconds() - cpuBefore)
    }

    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    /// Resets the peak resident set size (`VmHWM`) so the next reading covers only what follows.
    static func resetPeakMemory() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Peak and current resident set size in MiB, from /proc/self/status.
    static func memoryMiB() -> (peak: Double, current: Double) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (.nan, .nan) }
        func field(_ name: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return .nan }
            let kib = line.split(separator: " ").compactMap { Double($0) }.first ?? .nan
            return kib / 1024
        }
        return (field("VmHWM"), field("VmRSS"))
    }

    static func format(_ seconds: Double) -> String {
        if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
        if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.2f s", seconds)
    }
}

/// Writes one line to stdout at once (unbuffered), so progress shows even when piped to a file.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
