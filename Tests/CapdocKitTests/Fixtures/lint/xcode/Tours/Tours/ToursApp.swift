import CoreLocation

final class ToursModel {
    let manager = CLLocationManager()

    func showNearbySights() {
        manager.requestWhenInUseAuthorization()
    }
}
