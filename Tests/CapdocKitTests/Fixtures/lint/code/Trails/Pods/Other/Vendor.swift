import CoreLocation
func vendor(_ manager: CLLocationManager) { manager.requestAlwaysAuthorization() }
