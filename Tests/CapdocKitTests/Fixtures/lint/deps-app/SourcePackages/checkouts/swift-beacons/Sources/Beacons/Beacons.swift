import CoreLocation

public func watchVisits(_ manager: CLLocationManager) {
    manager.startMonitoringVisits()
}
