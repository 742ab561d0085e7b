import CoreLocation

/// Records a hike while the phone is in a pocket: the app asks for Always authorization, but the
/// project's generated Info.plist has only the When In Use string (the problem CI must catch).
final class Recorder: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func startRecording() {
        manager.delegate = self
        manager.allowsBackgroundLocationUpdates = true
        manager.requestAlwaysAuthorization()
        manager.startUpdatingLocation()
    }
}
