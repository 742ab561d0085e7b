import Testing
@testable import CapdocCodeScan

/// The rules for Objective-C (see `ObjCReferenceFinder` and `ObjCTokenizer`).
@Suite struct ObjCTests {
    @Test func anArgumentlessSelectorIsANameBeforeTheClosingBracketOfAMessage() {
        let source = """
            [manager requestLocation];
            [self.manager startUpdatingLocation];
            [[CLLocationManager new] startUpdatingHeading];
            [(CLLocationManager *)object requestAlwaysAuthorization];
            """
        #expect(
            hits(inObjectiveC: source) == [
                Hit(api: "requestLocation", line: 1, column: 10),
                Hit(api: "startUpdatingLocation", line: 2, column: 15),
                Hit(api: "startUpdatingHeading", line: 3, column: 26),
                Hit(api: "requestAlwaysAuthorization", line: 4, column: 30),
            ])
    }

    @Test func aNameWithNoReceiverBeforeItIsNoMessage() {
        let source = """
            id a = values[requestLocation];
            NSArray *b = @[startUpdatingLocation];
            auto c = [startUpdatingHeading]() {};
            id d = [manager.requestLocation];
            """
        #expect(apis(inObjectiveC: source) == [])
    }

    @Test func aSelectorWithArgumentsMustHaveExactlyThePatternsParts() {
        let source = """
            [manager startMonitoringForRegion:region];
            [manager startMonitoringForRegion:region desiredAccuracy:10];
            [manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:@"Nav"];
            [manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:@"Nav" completion:nil];
            """
        #expect(
            hits(inObjectiveC: source) == [
                Hit(api: "startMonitoringForRegion:", line: 1, column: 10),
                Hit(api: "requestTemporaryFullAccuracyAuthorizationWithPurposeKey:", line: 3, column: 10),
                Hit(api: "requestTemporaryFullAccuracyAuthorizationWithPurposeKey:completion:", line: 4, column: 10),
            ])
    }

    @Test func aMessageMaySpanLinesAndNestBlocksAndMessages() {
        let source = """
            [self.manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:[self purposeKeyFor:@"Nav"]
                                                                       completion:^(NSError *e) {
                [self.manager requestLocation];
                NSLog(@"%@", e);
            }];
            """
        #expect(
            hits(inObjectiveC: source) == [
                Hit(api: "requestTemporaryFullAccuracyAuthorizationWithPurposeKey:completion:", line: 1, column: 15),
                Hit(api: "requestLocation", line: 3, column: 19),
            ])
    }

    @Test func theColonOfAConditionalIsNoSelectorPart() {
        let source = "[manager startRangingBeaconsSatisfyingConstraint:all ? constraint : other];"
        #expect(apis(inObjectiveC: source) == ["startRangingBeaconsSatisfyingConstraint:"])
        #expect(apis(inObjectiveC: "[manager startRangingBeaconsSatisfyingConstraint:c other:d];") == [])
    }

    @Test func atSelectorNamesASelector() {
        let source = """
            SEL a = @selector(startUpdatingHeading);
            SEL b = @selector( didReceiveLocationPushPayload:completion: );
            SEL c = @selector(startMonitoringForRegion:desiredAccuracy:);
            """
        #expect(
            hits(inObjectiveC: source) == [
                Hit(api: "startUpdatingHeading", line: 1, column: 19),
                Hit(api: "didReceiveLocationPushPayload:completion:", line: 2, column: 20),
            ])
    }

    @Test func aTypeNameMatchesAnywhereInCode() {
        let source = """
            @interface Push : NSObject <CLLocationPushServiceExtension>
            @end
            static CLGeocoder *shared;
            id g = [[CLGeocoder alloc] init];
            id h = [CLGeocoderCache new];
            """
        #expect(
            hits(inObjectiveC: source) == [
                Hit(api: "CLLocationPushServiceExtension", line: 1, column: 29),
                Hit(api: "CLGeocoder", line: 3, column: 8),
                Hit(api: "CLGeocoder", line: 4, column: 10),
            ])
    }

    @Test func anImplementationOfAMultiPartSelectorIsReportedAndAWrapperIsNot() {
        let source = """
            @implementation Push
            - (void)didReceiveLocationPushPayload:(NSDictionary<NSString *, id> *)payload
                                       completion:(void (^)(void))completion {
                completion();
            }
            - (void)requestAlwaysAuthorization {
                [self.manager requestAlwaysAuthorization];
            }
            - (void)startMonitoringForRegion:(CLRegion *)region { [self.manager startMonitoringForRegion:region]; }
            @end
            @protocol Declares
            - (void)didReceiveLocationPushPayload:(NSDictionary *)payload completion:(void (^)(void))completion;
            @end
            """
        #expect(
            hits(inObjectiveC: source) == [
                Hit(api: "didReceiveLocationPushPayload:completion:", line: 2, column: 9),
                Hit(api: "requestAlwaysAuthorization", line: 7, column: 19),
                Hit(api: "startMonitoringForRegion:", line: 9, column: 69),
            ])
    }

    @Test func commentsStringsCharactersAndPreprocessorLinesDoNotMatch() {
        let source = #"""
            // [manager requestLocation]
            /* [manager startUpdatingLocation]
               CLGeocoder */
            NSString *a = @"[manager requestAlwaysAuthorization] \" [manager requestLocation]";
            char b = '[', c = '\'';
            #define START(m) [m startUpdatingLocation]; \
                             [m requestLocation]
            #import <CoreLocation/CLGeocoder.h>
            const char *d = R"raw([manager startUpdatingHeading])raw";
            [manager startMonitoringVisits];
            """#
        #expect(hits(inObjectiveC: source) == [Hit(api: "startMonitoringVisits", line: 10, column: 10)])
    }

    @Test func everyBranchOfAnIfCounts() {
        let source = """
            #if TARGET_OS_IOS
            [manager requestWhenInUseAuthorization];
            #else
            [manager requestAlwaysAuthorization];
            #endif
            """
        #expect(apis(inObjectiveC: source) == ["requestWhenInUseAuthorization", "requestAlwaysAuthorization"])
    }

    @Test func cPlusPlusScopesAndLambdasAreNoMessages() {
        let source = """
            auto f = [&](size_t i) { return beacons::majors[i]; };
            auto g = [this] { [manager startUpdatingHeading]; };
            std::map<int, int> m; int x = flag ? std::max(a, b) : c;
            """
        #expect(hits(inObjectiveC: source) == [Hit(api: "startUpdatingHeading", line: 2, column: 28)])
    }

    @Test func columnsCountUTF8Bytes() {
        #expect(hits(inObjectiveC: #"NSLog(@"é"); [m requestLocation];"#) == [Hit(api: "requestLocation", line: 1, column: 18)])
    }
}
