import CoreLocation

/// Tells the traveller when the ferry is about to leave, even with the app closed.
public final class FerryAlerts {
    let manager = CLLocationManager()

    public func enable() {
        manager.requestAlwaysAuthorization()
    }
}
