import CoreLocation

final class KioskLocator {
    let manager = CLLocationManager()

    func start() {
        manager.requestWhenInUseAuthorization()
    }
}
