import CoreLocation
import LocationKit

final class AppDelegate {
    let manager = CLLocationManager()

    func applicationDidFinishLaunching() {
        manager.requestWhenInUseAuthorization()
        LKTracker.shared.start()
    }
}
