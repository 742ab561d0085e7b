import CoreLocation

/// The widget's own code: it runs under the app's authorization and makes no request the app makes.
struct WidgetLocation {
    let manager = CLLocationManager()

    func refresh() {
        manager.requestAlwaysAuthorization()
    }
}
