import CoreLocation

// A dependency's call: not the app's to declare.
public func sdkStart(_ manager: CLLocationManager) {
    manager.requestAlwaysAuthorization()
}
