import CoreLocation

// The example app of the library: not built into apps that use it.
func demo(_ manager: CLLocationManager) { manager.requestAlwaysAuthorization() }
