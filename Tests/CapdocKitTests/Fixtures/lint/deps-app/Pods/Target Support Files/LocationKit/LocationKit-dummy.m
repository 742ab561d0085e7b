// CocoaPods support code, not a pod
[[CLLocationManager new] requestAlwaysAuthorization];
