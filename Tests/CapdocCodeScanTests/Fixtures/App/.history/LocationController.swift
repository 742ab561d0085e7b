import CoreLocation

func oldStart(_ manager: CLLocationManager) { manager.requestAlwaysAuthorization() }
