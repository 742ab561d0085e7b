#import "MapTracker.h"

// [self.manager requestLocation] in a comment does not count.
static NSString *const kHint = @"call [manager startUpdatingLocation] first";

@implementation MapTracker

- (instancetype)init {
    if ((self = [super init])) {
        _manager = [[CLLocationManager alloc] init];
        _geocoder = [[CLGeocoder alloc] init];
    }
    return self;
}

/* The app's own wrapper: its definition is not a call,
   [self.manager requestAlwaysAuthorization] below is. */
- (void)requestAlwaysAuthorization {
    [self.manager requestAlwaysAuthorization];
}

- (void)startTracking {
#if TARGET_OS_IOS
    [self.manager startMonitoringSignificantLocationChanges];
#else
    [self.manager startUpdatingLocation];
#endif
    [self.manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:@"Nav"
                                                               completion:^(NSError *e) {
        NSLog(@"%@", e);
    }];
    [[NSNotificationCenter defaultCenter] addObserver:self
                                             selector:@selector(startUpdatingHeading)
                                                 name:@"MapTrackerResume"
                                               object:nil];
}

- (void)watchRegion:(CLRegion *)region {
    [self.manager startMonitoringForRegion:region];
    [self.manager startMonitoringForRegion:region desiredAccuracy:10];
    [self.manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:@"Nav"];
}

@end
