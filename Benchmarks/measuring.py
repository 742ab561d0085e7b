"""How Benchmarks/run times a command: as a whole process (wall, user+sys, peak RSS), best of N runs.

Every tool measured here, capdoc, cmark or Hugo, is timed the same way: started as a process,
waited for with os.wait4, whose rusage gives the CPU time and peak RSS of that process and the
threads it ran. Nothing the harness does between runs (clearing an output folder) is counted.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Figures:
    wall: float        # seconds
    cpu: float         # user + sys seconds, all threads
    peak_mib: float    # peak resident set size

    def line(self):
        return f"wall {self.wall:7.3f} s  user+sys {self.cpu:7.3f} s  peak RSS {self.peak_mib:7.1f} MiB"


class OverMemory(Exception):
    """The process went over the resident-memory limit it was given and was stopped."""

    def __init__(self, command, limit_mib, seconds):
        super().__init__(f"stopped at over {limit_mib:.0f} MiB resident after {seconds:.1f} s: {' '.join(command)}")
        self.limit_mib = limit_mib
        self.seconds = seconds


def available_mib():
    """The memory the machine can give a new process now (MemAvailable), in MiB."""
    with open("/proc/meminfo") as meminfo:
        for line in meminfo:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 1024
    return float("inf")


def _resident_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0.0


def _watch(process, limit_mib, stopped, done):
    # Polls the process's RSS and kills it past the limit, so that a baseline which would need more
    # memory than the machine has is reported as such instead of driving the machine (shared with
    # other builds) out of memory. It runs beside the blocking wait4, so it does not shift the timing.
    while not done.wait(0.05):
        if _resident_mib(process.pid) > limit_mib:
            stopped.set()
            process.kill()
            return


def run_once(command, stdin_path=None, fresh=None, limit_mib=None):
    """One run of `command`: its Figures. `fresh` is a folder removed first, so that every run writes
    into an empty place; `limit_mib` stops the process past that RSS (raises OverMemory)."""
    if fresh:
        shutil.rmtree(fresh, ignore_errors=True)
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    # stderr goes to a file, not a pipe: a pipe that nobody reads stalls a chatty process.
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=errors)
        stopped, done = threading.Event(), threading.Event()
        watcher = None
        if limit_mib is not None:
            watcher = threading.Thread(target=_watch, args=(process, limit_mib, stopped, done), daemon=True)
            watcher.start()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        done.set()
        if watcher:
            watcher.join()
        if stdin_path:
            stdin.close()
        if stopped.is_set():
            raise OverMemory(command, limit_mib, wall)
        if process.returncode != 0:
            errors.seek(0)
            sys.exit(f"failed ({process.returncode}): {' '.join(command)}\n{errors.read().decode(errors='replace')[:2000]}")
    return Figures(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def measure(command, repeat, stdin_path=None, fresh=None, limit_mib=None):
    """The run with the best wall time of `repeat` runs (its own CPU time and peak RSS with it)."""
    runs = [run_once(command, stdin_path, fresh, limit_mib) for _ in range(repeat)]
    return min(runs, key=lambda figures: figures.wall)


def load_seconds(path, repeat):
    """Best time of `repeat` runs of Python's json.load over a file: what a tool pays to read the dataset."""
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        with open(path, encoding="utf-8") as file:
            json.load(file)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    return best


def write_floor(tree, destination, workers=None):
    """Seconds to write the files of `tree` again (same folders, same sizes, zero bytes) into an empty
    `destination` from memory, on as many threads as there are cores, as a build writes them: what
    the file system alone costs for an output of that size, which no renderer can go under. The
    copy is removed afterwards."""
    files = []
    for directory, _, names in os.walk(tree):
        relative = os.path.relpath(directory, tree)
        for name in names:
            files.append((os.path.normpath(os.path.join(relative, name)), os.path.getsize(os.path.join(directory, name))))
    largest = max((size for _, size in files), default=0)
    zeros = memoryview(bytes(largest))
    folders = sorted({os.path.dirname(path) for path, _ in files})
    shutil.rmtree(destination, ignore_errors=True)

    def write(chunk):
        for path, size in chunk:
            descriptor = os.open(os.path.join(destination, path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            written = 0
            while written < size:
                written += os.write(descriptor, zeros[:size - written])
            os.close(descriptor)

    workers = workers or os.cpu_count() or 1
    start = time.perf_counter()
    for folder in folders:
        os.makedirs(os.path.join(destination, folder), exist_ok=True)
    threads = [threading.Thread(target=write, args=(files[index::workers],)) for index in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - start
    shutil.rmtree(destination, ignore_errors=True)
    return seconds
