#import <CoreLocation/CoreLocation.h>
#include <vector>

namespace beacons {
static std::vector<int> majors = {1, 2, 3};
}

void StartRanging(CLLocationManager *manager, CLBeaconIdentityConstraint *constraint, bool everyBeacon) {
    auto major = [&](size_t i) { return beacons::majors[i]; };
    (void)major;
    const char *note = R"([manager startUpdatingLocation] inside a raw string)";
    (void)note;
    [manager startRangingBeaconsSatisfyingConstraint:everyBeacon ? constraint : constraint];
}
