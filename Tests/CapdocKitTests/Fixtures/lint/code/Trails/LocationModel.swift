import CoreLocation

/// Tracks the hike: the app asks only for When In Use authorization.
final class LocationModel: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func start(trailhead: CLCircularRegion) {
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
        // Region monitoring needs Always authorization before iOS 13.
        manager.startMonitoring(for: trailhead)
    }
}
