import CoreLocation

/// Shared by every platform's target: Always only where iOS compiles it.
final class Location {
    let manager = CLLocationManager()

    func start() {
        manager.requestWhenInUseAuthorization()
        #if os(iOS) && !targetEnvironment(macCatalyst)
            manager.requestAlwaysAuthorization()
        #endif
    }

    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    func monitor(_ region: CLRegion) {
        manager.startMonitoring(for: region)
    }
}
