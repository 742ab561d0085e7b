/// The rule about the code-signing entitlements of a Mac app (`Entitlements`).
extension PlistLinter {
    /// The platforms whose apps run in the App Sandbox when their entitlements turn it on: Mac
    /// apps, and iPad apps built for the Mac.
    static let sandboxPlatforms: Set<String> = ["macos", LintInputReader.catalyst]

    /// A sandboxed Mac app that uses the services (it makes a request, or its code uses a service)
    /// without the domain's `sandbox-entitlement` set to true.
    func entitlementFindings(_ subject: LintSubject, requests: [String]) -> [LintFinding] {
        guard let key = model.vocabulary.domain.sandboxEntitlement, Self.sandboxPlatforms.contains(subject.platform),
            let entitlements = subject.entitlements, entitlements.isSandboxed, !entitlements.allows(key)
        else { return [] }
        let usesLocation = !requests.isEmpty || subject.code.contains { if case .service = $0.use { true } else { false } }
        guard usesLocation else { return [] }
        let state = entitlements.values[key] == nil ? "lacks \(key)" : "sets \(key) to something other than true"
        let message =
            "\(entitlements.file) turns on the App Sandbox (\(Entitlements.appSandbox)) but \(state): a sandboxed app reaches "
            + "\(model.vocabulary.domain.services) only with that entitlement, so the app \(requests.isEmpty ? "uses them" : "asks for them") in vain; "
            + "add it set to true (\(Entitlements.page(key)))"
        return [
            LintFinding(
                rule: .missingLocationEntitlement, key: key, message: message,
                location: entitlements.keyLocations[key] ?? entitlements.rootLocation, sources: [], claims: [])
        ]
    }
}
