import CoreLocation

/// Wraps CLLocationManager so that views need not call requestWhenInUseAuthorization() themselves.
final class LocationController: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private var geocoder: CLGeocoder?

    // The app's own wrapper: its declaration is not a call, the call in its body is.
    func requestAlwaysAuthorization() {
        manager.requestAlwaysAuthorization()
    }

    func start() {
        /* manager.startUpdatingLocation() in a block comment */
        let hint = "call manager.requestLocation() once the user taps Locate"
        print(hint)
        manager.startUpdatingLocation()
        #if os(iOS)
        manager.startMonitoringSignificantLocationChanges()
        #else
        manager.startUpdatingHeading()
        #endif
    }

    func watch(_ region: CLRegion) {
        self.manager
            .startMonitoring(
                for: region
            )
    }

    func askForPrecision() {
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation") { error in
            print(error as Any)
        }
    }

    func resolve(_ location: CLLocation) {
        geocoder = CLGeocoder()
        geocoder?.reverseGeocodeLocation(location) { placemarks, _ in print(placemarks ?? []) }
    }

    // Neither is a Core Location call: a label the API lacks, and a method named but not called.
    func lookAlike(_ region: CLRegion) {
        startMonitoring(region: region)
        let later = manager.requestLocation
        _ = later
    }

    private func startMonitoring(region: CLRegion) {}
}
