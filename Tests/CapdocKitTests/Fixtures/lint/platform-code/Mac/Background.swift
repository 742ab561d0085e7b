import CoreLocation

/// The Mac keeps running in the background: it never asks for more.
func askForBackground(_ manager: CLLocationManager) {
    #if os(macOS)
        return
    #endif
    manager.requestAlwaysAuthorization()
}
