#import <CoreLocation/CoreLocation.h>

@implementation KKPrecision
- (void)askForPrecision:(CLLocationManager *)manager {
    [manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:@"Wayfinding"];
}
@end
