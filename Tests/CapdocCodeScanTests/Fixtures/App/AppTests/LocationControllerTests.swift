import CoreLocation
import XCTest

final class LocationControllerTests: XCTestCase {
    func testAsks() {
        CLLocationManager().requestWhenInUseAuthorization()
    }
}
