import CoreLocation

final class Regions {
    let manager = CLLocationManager()

    func watch(_ region: CLRegion) {
        manager.requestWhenInUseAuthorization()
        // Region monitoring works under When In Use from iOS 13: only ask for it there.
        if #available(iOS 13, *) {
            manager.startMonitoring(for: region)
        }
    }
}
