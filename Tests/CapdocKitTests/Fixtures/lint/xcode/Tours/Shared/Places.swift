import CoreLocation

/// Compiled into the app and the widget.
let geocoder = CLGeocoder()
