#import "LKTracker.h"
#import <CoreLocation/CoreLocation.h>

@implementation LKTracker

- (void)start {
#if TARGET_OS_IOS && !TARGET_OS_MACCATALYST
    [self.manager requestAlwaysAuthorization];
#elif TARGET_OS_TV
    [self.manager requestWhenInUseAuthorization];
#endif
}

@end
