import CapdocKit
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows a man page on the terminal: `man -l -`, with the page on man's standard input.
///
/// Why not a temporary file: its name is predictable to anyone on the machine (a link planted there
/// redirects the write), and Ctrl-C or a kill leaves it behind. A pipe has no name.
///
/// Why not Foundation's `Process`: on Linux it starts the child in a process group of its own, which
/// is not the terminal's foreground group, so the pager is stopped by SIGTTOU the moment it sets up
/// the terminal, and capdoc waits for ever. Here man runs in capdoc's own process group, as
/// system(3) runs a command, and capdoc ignores SIGINT and SIGQUIT while it waits, so that Ctrl-C
/// reaches the pager (which decides what it means) and not the capdoc waiting for it.
enum ManPager {
    /// True when man showed the page and exited 0; false when it could not run or failed.
    static func show(_ roff: String) -> Bool {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return false }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // The write end must not leak into man, or man would never see the end of its input.
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        let ignoredWhileWaiting = [SIGINT, SIGQUIT]
        let previous = ignoredWhileWaiting.map { signal($0, SIG_IGN) }
        let previousPipe = signal(SIGPIPE, SIG_IGN)  // man may quit before reading the whole page
        defer {
            for (number, handler) in zip(ignoredWhileWaiting, previous) { signal(number, handler) }
            signal(SIGPIPE, previousPipe)
        }

        guard let child = spawnMan(input: readEnd) else {
            close(readEnd)
            close(writeEnd)
            return false
        }
        close(readEnd)
        // An error is man having stopped reading (EPIPE): it has shown what it wanted to.
        try? StandardStreams.write(roff, to: writeEnd)
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        // Exited normally (no signal in the low 7 bits) with status 0.
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
    }

    /// Starts `man -l -` reading `input`, with the default action for the signals capdoc ignores.
    private static func spawnMan(input: Int32) -> pid_t? {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let arguments: [UnsafeMutablePointer<CChar>?] = ["man", "-l", "-"].map { (word: String) in strdup(word) }
        defer { arguments.forEach { free($0) } }
        var argv = arguments + [nil]
        var child: pid_t = 0
        let result = posix_spawnp(&child, "man", &actions, &attributes, &argv, environ)
        return result == 0 ? child : nil
    }
}
