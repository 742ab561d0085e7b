import CoreLocation

/// The location push service extension: the system calls it, the app does not.
final class LocationPushService: NSObject, CLLocationPushServiceExtension {
    func didReceiveLocationPushPayload(_ payload: [String: Any], completion: @escaping () -> Void) {
        let manager = CLLocationManager()
        manager.requestLocation()
        completion()
    }

    func serviceExtensionWillTerminate() {}
}
