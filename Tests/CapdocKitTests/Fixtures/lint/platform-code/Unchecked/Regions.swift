import CoreLocation

final class Regions {
    let manager = CLLocationManager()

    func watch(_ region: CLRegion) {
        manager.requestWhenInUseAuthorization()
        manager.startMonitoring(for: region)
    }
}
