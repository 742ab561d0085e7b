#import <CoreLocation/CoreLocation.h>

@interface LegacyPushService : NSObject <CLLocationPushServiceExtension>
@end

@implementation LegacyPushService

- (void)didReceiveLocationPushPayload:(NSDictionary<NSString *, id> *)payload
                           completion:(void (^)(void))completion {
    completion();
}

@end
