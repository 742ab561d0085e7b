import CoreLocation

public func authorize(_ manager: CLLocationManager) {
    manager.requestWhenInUseAuthorization()
}
