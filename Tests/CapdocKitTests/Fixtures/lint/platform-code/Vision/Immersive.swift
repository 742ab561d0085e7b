import CoreLocation

/// visionOS has no Always authorization: this call is a mistake there.
func enterImmersiveSpace(_ manager: CLLocationManager) {
    manager.requestAlwaysAuthorization()
}
