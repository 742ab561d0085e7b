import CoreLocation

func testAlways() { CLLocationManager().requestAlwaysAuthorization() }
