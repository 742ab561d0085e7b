import CapdocSystemC
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts a finished staging folder at the output's name, and cleans up after builds that died.
///
/// Where the file system can exchange two names atomically (renameat2 RENAME_EXCHANGE on Linux:
/// ext4, XFS, Btrfs, tmpfs, F2FS…; renamex_np RENAME_SWAP on APFS), the output name holds the
/// previous build or the new one at every moment. Elsewhere (NFS, SMB, FAT, most FUSE file systems)
/// it takes two renames: the previous output steps aside under a `-old-` name, then the new one
/// takes its place. A build killed between the two leaves the output name empty for that instant;
/// the previous output then waits under the `-old-` name, and the next build, or any capdoc build
/// into that folder, puts it back before anything else.
///
/// A folder is only ever removed if capdoc made it: the folder taken out of the output's name is
/// checked after the exchange (someone may have put their own folder there during the build), and
/// a foreign one is put back where it was.
enum FolderSwap {
    /// Makes the folder at `staging` the output `target`. On success, the previous output is gone.
    static func swapIn(_ staging: String, as target: String, retiredName retired: String) throws {
        guard SystemCall.status(of: target) != nil else {
            // No output yet: a rename is atomic. One that appeared meanwhile is not replaced unless empty.
            guard rename(staging, target) == 0 else { throw failure(renaming: target) }
            return
        }
        try ensureOurs(target)
        if capdoc_exchange_paths(staging, target) == 0 {
            // `staging` now holds what was at the output's name: the previous output, unless someone
            // put a folder of theirs there after the check above.
            guard isOurs(staging) else {
                if capdoc_exchange_paths(staging, target) == 0 { throw OutputWriter.Failure.notOurs(target) }
                throw OutputWriter.Failure.foreignMovedAside(target: target, now: staging)
            }
            removeTree(staging)
            return
        }
        guard [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP, EXDEV].contains(errno) else {
            throw OutputWriter.Failure.io("cannot replace '\(target)': \(SystemCall.reason)")
        }
        try swapInTwoSteps(staging, as: target, retired: retired)
    }

    /// The fallback without an atomic exchange: the previous output steps aside, the new one moves in.
    private static func swapInTwoSteps(_ staging: String, as target: String, retired: String) throws {
        guard rename(target, retired) == 0 else { throw OutputWriter.Failure.io("cannot move '\(target)' aside: \(SystemCall.reason)") }
        guard isOurs(retired) else {
            rename(retired, target)
            throw OutputWriter.Failure.notOurs(target)
        }
        guard rename(staging, target) == 0 else {
            let error = failure(renaming: target)
            rename(retired, target)
            throw error
        }
        removeTree(retired)
    }

    /// Before a build: puts back a previous output that a killed two-step swap left aside, then
    /// removes the staging and retired folders that killed builds left (only folders capdoc made,
    /// and only while holding the build lock, so never those of a build still running).
    static func recover(beside placement: OutputPlacement) {
        let parent = placement.parent.path
        let names = leftovers(beside: placement)
        if SystemCall.status(of: placement.target.path) == nil,
            let aside = names.first(where: { $0.contains("-old-") && isOurs(parent + "/" + $0, requireMarker: true) })
        {
            rename(parent + "/" + aside, placement.target.path)
        }
        for name in names {
            let path = parent + "/" + name
            guard let status = SystemCall.status(of: path) else { continue }
            if SystemCall.isLink(status) || (SystemCall.isDirectory(status) && status.st_uid == geteuid()) {
                removeTree(path)
            }
        }
    }

    /// The names of staging and retired folders beside the output, sorted.
    private static func leftovers(beside placement: OutputPlacement) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: placement.parent.path)) ?? [])
            .filter { $0.hasPrefix(placement.siblingPrefix) && ($0.contains("-new-") || $0.contains("-old-")) }
            .sorted()
    }

    /// Whether a previous output waits beside the output's name to be put back.
    static func hasOutputAside(_ placement: OutputPlacement) -> Bool {
        leftovers(beside: placement).contains { $0.contains("-old-") && isOurs(placement.parent.path + "/" + $0, requireMarker: true) }
    }

    /// Throws unless `target` may become the output: nothing there yet, an empty folder, or one
    /// with capdoc's marker.
    static func ensureOurs(existingOrAbsent target: String) throws {
        if SystemCall.status(of: target) != nil { try ensureOurs(target) }
    }

    /// Throws unless `target` may be replaced: an empty folder, or one with capdoc's marker.
    static func ensureOurs(_ target: String) throws {
        guard isOurs(target) else { throw OutputWriter.Failure.notOurs(target) }
    }

    /// A real folder (not a link) that is empty or carries capdoc's marker file.
    static func isOurs(_ path: String, requireMarker: Bool = false) -> Bool {
        guard let status = SystemCall.status(of: path), SystemCall.isDirectory(status) else { return false }
        if let marker = SystemCall.status(of: path + "/" + OutputWriter.marker), SystemCall.isRegularFile(marker) { return true }
        return !requireMarker && ((try? FileManager.default.contentsOfDirectory(atPath: path).isEmpty) ?? false)
    }

    /// Removes a folder capdoc made, or a link, without following links inside it.
    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func failure(renaming target: String) -> OutputWriter.Failure {
        if [EEXIST, ENOTEMPTY, ENOTDIR, EISDIR].contains(errno) { return .notOurs(target) }
        return .io("cannot move the new output to '\(target)': \(SystemCall.reason)")
    }
}
