/**
 * Peak resident memory of processes matched by their command line, sampled from /proc (Linux).
 * Used for the provider host (`node .../cmd/dynamic-provider`), which the engine starts and stops
 * by itself, so it is found by polling rather than by pid. Each sample reads VmHWM, the kernel's
 * own high-water mark of the process, so a peak between samples is not missed while the process
 * lives; only the last ~interval of a process's life can be.
 */
import fs from "node:fs";

export interface PeakSampler {
  /** Stops sampling; the highest VmHWM seen of any matched process, in MiB (0: none seen). */
  stop(): number;
}

export function samplePeakMemory(commandLine: RegExp, intervalMs = 100): PeakSampler {
  let peakKiB = 0;
  const sample = () => {
    for (const pid of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
        if (!commandLine.test(cmdline)) continue;
        const hwm = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+) kB/m);
        if (hwm) peakKiB = Math.max(peakKiB, Number(hwm[1]));
      } catch {
        // The process ended between listing and reading: nothing to sample.
      }
    }
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return Math.round(peakKiB / 1024);
    },
  };
}
