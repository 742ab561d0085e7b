import CoreLocation

@MainActor
final class SessionModel {
    private var session: CLServiceSession?
    private var monitor: CLMonitor?

    func begin(always: Bool) async {
        if always {
            session = CLServiceSession(authorization: .always)
        } else {
            session = CLServiceSession(authorization: CLServiceSession.AuthorizationRequirement.whenInUse)
        }
        let precise = CLServiceSession(authorization: .always, fullAccuracyPurposeKey: "Navigation")
        _ = precise
        monitor = await CLMonitor("geofences")
    }

    func follow() async throws {
        for try await update in CLLocationUpdate.liveUpdates(.fitness) {
            print(update.location as Any)
        }
        let updates = CLLocationUpdate.liveUpdates()
        _ = updates
    }
}
