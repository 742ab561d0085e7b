import CoreLocation

final class Locator {
    let manager = CLLocationManager()

    func start() {
        manager.requestWhenInUseAuthorization()
    }
}
